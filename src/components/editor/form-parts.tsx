'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
import { TrashIcon } from '@/components/icons';
import { cn } from '@/components/ui/cn';
import { FieldBlock } from '@/components/ui/form';
import { Input } from '@/components/ui/input';

type FieldBlockProps<T extends FieldValues, N extends FieldPath<T>> = Parameters<typeof FieldBlock<T, N>>[0];

/**
 * The kit's FieldBlock for an input that may stay blank: "Optional" stands at the end of the label's
 * line, outside the label, so the input keeps its plain name. `optional={false}` is a plain FieldBlock.
 */
export function OptionalFieldBlock<T extends FieldValues, N extends FieldPath<T>>({
  optional = true,
  ...block
}: FieldBlockProps<T, N> & { optional?: boolean }) {
  const t = useTranslations('templates.editor');
  return (
    <FieldBlock
      {...block}
      aside={optional ? <span className="text-xs text-slate-500">{t('optional')}</span> : undefined}
      headClassName="gap-2"
    />
  );
}

/** The inputs every template and skill has. */
interface NamedValues {
  zh_name: string;
  slug: string;
}

/** The name of a template or skill, in the form around it. */
export function NameField({ description, className }: { description: string; className?: string }) {
  const t = useTranslations('templates.editor');
  const { control } = useFormContext<NamedValues>();
  return (
    <FieldBlock control={control} name="zh_name" label={t('name')} description={description} className={className}>
      {(field) => <Input {...field} maxLength={100} autoComplete="off" />}
    </FieldBlock>
  );
}

interface SlugFieldProps {
  /** Only a new template or skill picks its slug; a saved one keeps it. */
  creating: boolean;
  /** A new one may leave it blank (the server makes one); otherwise a new one must give it. */
  optional?: boolean;
  placeholder: string;
  description: string;
  className?: string;
}

/** The slug of a template or skill: lower case as it is typed, read-only once saved. */
export function SlugField({ creating, optional = false, placeholder, description, className }: SlugFieldProps) {
  const t = useTranslations('templates.editor');
  const { control } = useFormContext<NamedValues>();
  return (
    <OptionalFieldBlock
      control={control}
      name="slug"
      label={t('slug')}
      optional={creating && optional}
      description={description}
      className={className}
    >
      {({ onChange, ...field }) => (
        <Input
          {...field}
          onChange={(e) => onChange(e.target.value.toLowerCase())}
          readOnly={!creating}
          disabled={!creating}
          required={creating && !optional}
          maxLength={80}
          autoComplete="off"
          spellCheck={false}
          placeholder={creating ? placeholder : undefined}
          className="font-mono"
        />
      )}
    </OptionalFieldBlock>
  );
}

interface IconButtonProps {
  /** The button's name; also its tooltip unless `title` says otherwise. */
  label: string;
  title?: string;
  onClick: () => void;
  disabled?: boolean;
  tone?: 'danger';
  className?: string;
  children: ReactNode;
}

/** A square button showing only an icon, named by `label`. */
export function IconButton({ label, title = label, onClick, disabled, tone, className, children }: IconButtonProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      title={title}
      className={cn(
        'grid size-8 place-items-center rounded-lg text-slate-500 transition-colors focus-visible:outline-2 ' +
          'focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-40',
        tone === 'danger'
          ? 'hover:bg-rose-50 hover:text-rose-600 disabled:hover:bg-transparent'
          : 'hover:bg-slate-100 hover:text-slate-900',
        className,
      )}
    >
      {children}
    </button>
  );
}

/** The trash button at the end of a list row (a sample image, a size), level with the row's input. */
export function RemoveRowButton({
  label,
  title,
  disabled,
  onClick,
}: Pick<IconButtonProps, 'label' | 'title' | 'disabled' | 'onClick'>) {
  const t = useTranslations('templates.editor');
  return (
    <IconButton
      label={label}
      title={title ?? t('remove')}
      disabled={disabled}
      onClick={onClick}
      tone="danger"
      className="mt-[1.625rem] size-10 shrink-0"
    >
      <TrashIcon className="size-4" />
    </IconButton>
  );
}

/** "Fix the highlighted entries first.", for the save bar once a save was refused by the form. */
export function FixFirst({ count }: { count: number }) {
  const t = useTranslations('templates.editor');
  return <span className="text-rose-700">{t('fixFirst', { count })}</span>;
}
