'use client';

import type { KeyboardEvent, ReactElement, ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { useFormContext } from 'react-hook-form';
import { WarningIcon } from '@/components/icons';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, useFormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { fieldType } from '@/contracts/slots';
import { ImageFieldInput } from './image-field-input';
import { defaultNote, isRequired, MAX_FIELD_CHARS, placeholderFor, type FieldSpec } from './field-model';
import { draftSentenceName, draftValueName, type DraftsValues } from './fields-schema';

/** Ctrl/⌘+Enter in a multi-line input runs `submit`; Enter alone (and Enter that confirms an IME candidate) stays in the text. */
export function submitOnModEnter(submit: (() => void) | undefined) {
  return (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (submit && e.key === 'Enter' && (e.metaKey || e.ctrlKey) && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };
}

/** The field's error with the warning mark the recipe inputs use; tied to the input by the kit's ids. */
function FieldError() {
  const { messageId, error } = useFormField();
  if (!error?.message) return null;
  return (
    <p id={messageId} className="flex items-start gap-1.5 text-xs break-words text-rose-600" data-testid="field-error">
      <WarningIcon className="mt-px size-3.5 shrink-0" />
      <span>{error.message}</span>
    </p>
  );
}

interface FieldShellProps {
  label: ReactNode;
  required: boolean;
  /** Lines under the input (help, what an empty field becomes), read with it by screen readers. */
  notes: ReactNode[];
  /** The input itself. */
  children: ReactElement;
}

/**
 * One labelled input: the label holds only the label text, so the input's accessible name is exactly
 * that text; the required star and "Optional" sit beside it.
 */
function FieldShell({ label, required, notes, children }: FieldShellProps) {
  const t = useTranslations('fields');
  return (
    <FormItem>
      <div className="flex items-baseline gap-1">
        <FormLabel className="min-w-0 break-words">{label}</FormLabel>
        {required ? (
          // The star is a mark, not a word: drawn by CSS and hidden from screen readers (the input is `required`).
          <span aria-hidden="true" className="text-sm font-medium text-rose-500 after:content-['*']" />
        ) : (
          <span className="ml-auto shrink-0 pl-2 text-xs text-slate-500">{t('optional')}</span>
        )}
      </div>
      <FormControl described={notes.length > 0}>{children}</FormControl>
      <FieldError />
      {notes.length > 0 && (
        <FormDescription className="space-y-0.5 leading-5 break-words">
          {notes.map((n, i) => (
            <span key={i} className="block">
              {n}
            </span>
          ))}
        </FormDescription>
      )}
    </FormItem>
  );
}

interface FieldsFormProps {
  /** Which draft of the surrounding form the values go in (one per skill or template). */
  draftKey: string;
  fields: readonly FieldSpec[];
  disabled?: boolean;
  /** Ctrl/⌘+Enter in a textarea. */
  onSubmitShortcut?: () => void;
}

/** A number field's bounds as a note ("1 to 9", "Whole numbers"), or null when it has none. */
function boundsNote(f: FieldSpec, t: ReturnType<typeof useTranslations<'fields'>>): string | null {
  if (fieldType(f) !== 'number') return null;
  const range =
    f.min !== undefined && f.max !== undefined
      ? t('range', { min: f.min, max: f.max })
      : f.min !== undefined
        ? t('atLeast', { min: f.min })
        : f.max !== undefined
          ? t('atMost', { max: f.max })
          : null;
  return [range, f.integer ? t('wholeNumbers') : null].filter(Boolean).join(' · ') || null;
}

/**
 * A form generated from a recipe's `fields`, in the given order: text → input, textarea → textarea,
 * choice → select, number → number input, image → a picker of the caller's images with an upload.
 */
export function FieldsForm({ draftKey, fields, disabled, onSubmitShortcut }: FieldsFormProps) {
  const t = useTranslations('fields');
  const { control } = useFormContext<DraftsValues>();
  const onKeyDown = submitOnModEnter(onSubmitShortcut);
  return (
    <div className="space-y-5">
      {fields.map((f) => {
        const required = isRequired(f);
        const type = fieldType(f);
        const notes = [f.help, boundsNote(f, t), defaultNote(f, (value) => t('leftEmpty', { value }))].filter(
          (n): n is string => !!n,
        );
        return (
          <FormField
            key={f.key}
            control={control}
            name={draftValueName(draftKey, f.key)}
            // Registers the value, so a refusal from the server finds this field even before it is typed in.
            defaultValue=""
            render={({ field, fieldState }) => {
              const common = {
                ...field,
                value: field.value ?? '',
                placeholder: placeholderFor(f),
                required,
                disabled,
                maxLength: MAX_FIELD_CHARS,
              };
              if (type === 'image')
                return (
                  <ImageFieldInput
                    label={f.label}
                    required={required}
                    value={field.value ?? ''}
                    onChange={field.onChange}
                    disabled={disabled}
                    error={fieldState.error?.message}
                  />
                );
              return (
                <FieldShell label={f.label} required={required} notes={notes}>
                  {type === 'choice' ? (
                    <Select {...common}>
                      <option value="">{required ? t('choose') : (f.default ?? t('choose'))}</option>
                      {(f.options ?? []).map((o) => (
                        <option key={o.value} value={o.value}>
                          {o.label ?? o.value}
                        </option>
                      ))}
                    </Select>
                  ) : type === 'number' ? (
                    <Input
                      {...common}
                      type="number"
                      inputMode="decimal"
                      min={f.min}
                      max={f.max}
                      step={f.integer ? 1 : 'any'}
                    />
                  ) : f.type === 'textarea' ? (
                    <Textarea
                      {...common}
                      rows={3}
                      onKeyDown={onKeyDown}
                      className="field-sizing-content max-h-72 min-h-22 resize-y"
                    />
                  ) : (
                    <Input {...common} />
                  )}
                </FieldShell>
              );
            }}
          />
        );
      })}
    </div>
  );
}

interface SentenceFieldProps {
  draftKey: string;
  label: string;
  required: boolean;
  hint?: ReactNode;
  placeholder?: string;
  disabled?: boolean;
  onSubmitShortcut?: () => void;
}

/** The single input of one-sentence skills and templates without fields. */
export function SentenceField({
  draftKey,
  label,
  required,
  hint,
  placeholder,
  disabled,
  onSubmitShortcut,
}: SentenceFieldProps) {
  const { control } = useFormContext<DraftsValues>();
  return (
    <FormField
      control={control}
      name={draftSentenceName(draftKey)}
      defaultValue=""
      render={({ field }) => (
        <FieldShell label={label} required={required} notes={hint ? [hint] : []}>
          <Textarea
            {...field}
            value={field.value ?? ''}
            rows={3}
            onKeyDown={submitOnModEnter(onSubmitShortcut)}
            placeholder={placeholder}
            required={required}
            disabled={disabled}
            maxLength={MAX_FIELD_CHARS}
            className="field-sizing-content max-h-72 min-h-24 resize-y"
          />
        </FieldShell>
      )}
    />
  );
}
