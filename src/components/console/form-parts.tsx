'use client';

import type { ReactElement, ReactNode } from 'react';
import type { ControllerProps, ControllerRenderProps, FieldPath, FieldValues } from 'react-hook-form';
import { Button, type ButtonProps } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { FieldBlock } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';

/** A field's label with something short at the other end of the line (a maximum, "Optional"). */
export function FieldHeading({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={cn('flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5', className)}>{children}</div>
  );
}

interface OptionalFieldProps<TValues extends FieldValues, TName extends FieldPath<TValues>, TOutput> {
  control: ControllerProps<TValues, TName, TOutput>['control'];
  name: TName;
  label: string;
  /** Said in grey at the other end of the label's line ("Optional"), outside the label. */
  aside: string;
  headingClassName?: string;
  children: (field: ControllerRenderProps<TValues, TName>) => ReactElement;
}

/** A field that may be left empty: its label says so at the other end of the line. */
export function OptionalField<TValues extends FieldValues, TName extends FieldPath<TValues>, TOutput = TValues>(
  props: OptionalFieldProps<TValues, TName, TOutput>,
) {
  const { aside, headingClassName, ...block } = props;
  return (
    <FieldBlock
      {...block}
      aside={<span className="text-xs text-slate-500">{aside}</span>}
      headClassName={headingClassName}
    />
  );
}

interface SubmitButtonProps {
  pending: boolean;
  /** Said instead of the label while the form is sent; without it the label stays beside the spinner. */
  pendingLabel?: string;
  disabled?: boolean;
  size?: ButtonProps['size'];
  className?: string;
  children: ReactNode;
}

/** A form's submit button: disabled and spinning while the form is on its way. */
export function SubmitButton({ pending, pendingLabel, disabled, size, className, children }: SubmitButtonProps) {
  return (
    <Button type="submit" size={size} className={className} disabled={pending || disabled}>
      {pending && <Spinner />}
      {pending && pendingLabel ? pendingLabel : children}
    </Button>
  );
}
