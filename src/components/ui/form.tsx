'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import {
  cloneElement,
  createContext,
  isValidElement,
  useContext,
  useId,
  type HTMLAttributes,
  type LabelHTMLAttributes,
  type ReactElement,
  type ReactNode,
} from 'react';
import {
  Controller,
  FormProvider,
  useForm,
  useFormContext,
  useFormState,
  type ControllerProps,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
  type Path,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { ErrorAlert } from './alert';
import { cn } from './cn';
import { Label } from './label';

/**
 * The console's form kit: react-hook-form with the zod resolver, and parts that wire a field's
 * label, control, description and error message together (`htmlFor`, `aria-describedby`,
 * `aria-invalid`) so no form repeats that wiring by hand.
 *
 *   const form = useZodForm(schema, { defaultValues });
 *   <Form {...form}>
 *     <form onSubmit={form.handleSubmit(save)}>
 *       <FormField control={form.control} name="email" render={({ field }) => (
 *         <FormItem>
 *           <FormLabel>Email</FormLabel>
 *           <FormControl><Input {...field} /></FormControl>
 *           <FormMessage />
 *         </FormItem>
 *       )} />
 *       <FormRootError />
 */

/** A form validated by a zod schema: the schema's input type is what the fields hold, its output what `handleSubmit` receives. */
export function useZodForm<S extends z.ZodType<unknown, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  // Checked on submit, then again as the user types: a message that appeared on blur would move the
  // control under a click that is already on its way.
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...options,
    resolver: zodResolver(schema),
  });
}

export const Form = FormProvider;

const FieldNameContext = createContext<string | null>(null);
const ItemIdContext = createContext<string | null>(null);

/** A controlled field: `render` receives the field's value and handlers. */
export function FormField<TValues extends FieldValues, TName extends FieldPath<TValues>, TOutput = TValues>(
  props: ControllerProps<TValues, TName, TOutput>,
) {
  return (
    <FieldNameContext.Provider value={props.name}>
      <Controller {...props} />
    </FieldNameContext.Provider>
  );
}

/** The ids and error state of the field around the caller. */
export function useFormField() {
  const name = useContext(FieldNameContext);
  const id = useContext(ItemIdContext);
  const { getFieldState } = useFormContext();
  const state = useFormState({ name: name ?? undefined });
  if (!name || !id) throw new Error('useFormField must be used inside <FormField> and <FormItem>');
  const fieldState = getFieldState(name, state);
  return {
    name,
    id: `${id}-control`,
    descriptionId: `${id}-description`,
    messageId: `${id}-message`,
    error: fieldState.error,
  };
}

/** One field's block: label, control, description and message share its ids. */
export function FormItem({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  const id = useId();
  return (
    <ItemIdContext.Provider value={id}>
      <div className={cn('space-y-1.5', className)} {...props} />
    </ItemIdContext.Provider>
  );
}

export function FormLabel(props: LabelHTMLAttributes<HTMLLabelElement>) {
  const { id } = useFormField();
  return <Label htmlFor={id} {...props} />;
}

/**
 * Gives its one child element the field's id, `aria-invalid` while the field has an error, and
 * `aria-describedby` naming the description (when `described`) and the error message.
 */
export function FormControl({ children, described = false }: { children: ReactElement; described?: boolean }) {
  const { id, descriptionId, messageId, error } = useFormField();
  if (!isValidElement<Record<string, unknown>>(children)) return children;
  const own = typeof children.props['aria-describedby'] === 'string' ? children.props['aria-describedby'] : '';
  const describedBy = [own, described ? descriptionId : '', error ? messageId : ''].filter(Boolean).join(' ');
  return cloneElement(children, {
    id,
    // The field's own error marks it; otherwise the control keeps what it was given.
    'aria-invalid': error ? true : children.props['aria-invalid'],
    'aria-describedby': describedBy || undefined,
  });
}

/** Help under a field; pass `described` to its FormControl so screen readers read it with the control. */
export function FormDescription({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  const { descriptionId } = useFormField();
  return <p id={descriptionId} className={cn('text-xs text-slate-500', className)} {...props} />;
}

/** The field's error, from the schema or from the server; nothing while the field is valid. */
export function FormMessage({ className, children, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  const { messageId, error } = useFormField();
  const body: ReactNode = error?.message ?? children;
  if (!body) return null;
  return (
    <p id={messageId} className={cn('text-xs text-rose-600', className)} {...props}>
      {body}
    </p>
  );
}

interface FieldBlockProps<TValues extends FieldValues, TName extends FieldPath<TValues>, TOutput> {
  control: ControllerProps<TValues, TName, TOutput>['control'];
  name: TName;
  label: ReactNode;
  /** Help under the control, read with it by screen readers. */
  description?: ReactNode;
  className?: string;
  /** Anything else the block holds after the control (a datalist, a hint that is not help). */
  after?: ReactNode;
  /** Something short at the other end of the label's line, outside the label ("Optional", a maximum). */
  aside?: ReactNode;
  /** Classes of the label's line when it has an `aside`. */
  headClassName?: string;
  /** The control, given the field's value and handlers. */
  children: (field: ControllerRenderProps<TValues, TName>) => ReactElement;
}

/**
 * The usual field in one element: label, control, help and message wired together.
 *
 *   <FieldBlock control={form.control} name="email" label="Email">
 *     {(field) => <Input {...field} type="email" />}
 *   </FieldBlock>
 */
export function FieldBlock<TValues extends FieldValues, TName extends FieldPath<TValues>, TOutput = TValues>({
  control,
  name,
  label,
  description,
  className,
  after,
  aside,
  headClassName,
  children,
}: FieldBlockProps<TValues, TName, TOutput>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          {aside === undefined ? (
            <FormLabel>{label}</FormLabel>
          ) : (
            <div className={cn('flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5', headClassName)}>
              <FormLabel>{label}</FormLabel>
              {aside}
            </div>
          )}
          <FormControl described={description !== undefined}>{children(field)}</FormControl>
          {after}
          {description !== undefined && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/**
 * A refusal that belongs to no single field (set by `applyServerError` as `root.server`); one without
 * words of its own (a failure that is not an Error) reads as "Something went wrong" in the page's language.
 */
export function FormRootError({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  const t = useTranslations('ui');
  const { errors } = useFormState();
  const refusal = errors.root?.server;
  if (!refusal) return null;
  return (
    <ErrorAlert className={className} {...props}>
      {refusal.message || t('failed')}
    </ErrorAlert>
  );
}

/** One field the server refused: its path in the request body and the reason. */
export interface ServerIssue {
  path: (string | number)[];
  message: string;
}

/** The refused fields of a failed call (tRPC error data), or none. */
export function serverIssues(error: unknown): ServerIssue[] {
  const data = (error as { data?: { issues?: unknown } } | null)?.data;
  return Array.isArray(data?.issues) ? (data.issues as ServerIssue[]) : [];
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Shows a refusal where it belongs: each issue whose path names a field of this form goes under that
 * field (`mapPath` translates body paths that differ from the form's names; null leaves an issue
 * unplaced), everything else under the form as `root.server`. Answers whether any field got one.
 */
export function applyServerError<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, unknown>, 'setError' | 'getValues' | 'setFocus'>,
  error: unknown,
  mapPath: (path: ServerIssue['path']) => Path<T> | null = (path) => path.join('.') as Path<T>,
): boolean {
  const issues = serverIssues(error);
  const placed: Path<T>[] = [];
  let unplaced = issues.length === 0;
  for (const issue of issues) {
    const name = issue.path.length > 0 ? mapPath(issue.path) : null;
    if (name === null || form.getValues(name) === undefined) {
      unplaced = true;
      continue;
    }
    if (placed.includes(name)) continue;
    form.setError(name, { type: 'server', message: capitalise(issue.message) });
    placed.push(name);
  }
  // Whatever no field can show is said under the form, in the server's words (FormRootError words a failure without any).
  if (unplaced) form.setError('root.server', { type: 'server', message: error instanceof Error ? error.message : '' });
  const first = placed[0];
  if (first !== undefined) form.setFocus(first);
  return first !== undefined;
}
