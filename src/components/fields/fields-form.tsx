'use client';

import type { KeyboardEvent, ReactNode } from 'react';
import { WarningIcon } from '../icons';
import { cn } from '../ui/cn';
import { Input } from '../ui/input';
import { Textarea } from '../ui/textarea';
import {
  defaultNote,
  fieldInputId,
  isRequired,
  MAX_FIELD_CHARS,
  placeholderFor,
  type FieldSpec,
  type FieldValues,
  type FormErrors,
} from './field-model';

/** Ctrl/⌘+Enter in a multi-line input runs `submit`; Enter alone (and Enter that confirms an IME candidate) stays in the text. */
export function submitOnModEnter(submit: (() => void) | undefined) {
  return (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (submit && e.key === 'Enter' && (e.metaKey || e.ctrlKey) && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };
}

interface FieldShellProps {
  id: string;
  label: ReactNode;
  required: boolean;
  /** Lines under the input (help, what an empty field becomes), tied to it for screen readers. */
  notes: ReactNode[];
  error?: string;
  children: (describedBy: string | undefined) => ReactNode;
}

/**
 * One labelled input: the label is a real `<label for>` holding only the label text, so the input's
 * accessible name is exactly that text; the required star and "Optional" sit beside it.
 */
function FieldShell({ id, label, required, notes, error, children }: FieldShellProps) {
  const notesId = `${id}-notes`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, notes.length > 0 ? notesId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline gap-1">
        <label htmlFor={id} className="min-w-0 text-sm font-medium break-words text-slate-700">
          {label}
        </label>
        {required ? (
          <span aria-hidden="true" className="text-sm font-medium text-rose-500">
            *
          </span>
        ) : (
          <span className="ml-auto shrink-0 pl-2 text-xs text-slate-400">Optional</span>
        )}
      </div>
      {children(describedBy)}
      {error && (
        <p id={errorId} className="flex items-start gap-1.5 text-xs break-words text-rose-600" data-testid="field-error">
          <WarningIcon className="mt-px size-3.5 shrink-0" />
          <span>{error}</span>
        </p>
      )}
      {notes.length > 0 && (
        <div id={notesId} className="space-y-0.5 text-xs leading-5 break-words text-slate-500">
          {notes.map((n, i) => (
            <p key={i}>{n}</p>
          ))}
        </div>
      )}
    </div>
  );
}

interface FieldsFormProps {
  /** Prefix of the inputs' ids; the same prefix finds an input again to focus it. */
  idPrefix: string;
  fields: readonly FieldSpec[];
  values: FieldValues;
  onChange: (key: string, value: string) => void;
  errors: FormErrors;
  disabled?: boolean;
  /** Ctrl/⌘+Enter in a textarea. */
  onSubmitShortcut?: () => void;
}

/** A form generated from a recipe's `fields`: text → input, textarea → textarea, in the given order. */
export function FieldsForm({ idPrefix, fields, values, onChange, errors, disabled, onSubmitShortcut }: FieldsFormProps) {
  const onKeyDown = submitOnModEnter(onSubmitShortcut);
  return (
    <div className="space-y-5">
      {fields.map((f) => {
        const id = fieldInputId(idPrefix, f.key);
        const required = isRequired(f);
        const error = errors[f.key];
        const note = defaultNote(f);
        const notes = [f.help, note].filter((n): n is string => !!n);
        const common = {
          id,
          name: f.key,
          value: values[f.key] ?? '',
          placeholder: placeholderFor(f),
          required,
          disabled,
          maxLength: MAX_FIELD_CHARS,
          'aria-invalid': error ? true : undefined,
        } as const;
        return (
          <FieldShell key={f.key} id={id} label={f.label} required={required} notes={notes} error={error}>
            {(describedBy) =>
              f.type === 'textarea' ? (
                <Textarea
                  {...common}
                  aria-describedby={describedBy}
                  rows={3}
                  onChange={(e) => onChange(f.key, e.target.value)}
                  onKeyDown={onKeyDown}
                  className="field-sizing-content max-h-72 min-h-22 resize-y"
                />
              ) : (
                <Input {...common} aria-describedby={describedBy} onChange={(e) => onChange(f.key, e.target.value)} />
              )
            }
          </FieldShell>
        );
      })}
    </div>
  );
}

interface SentenceFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  required: boolean;
  error?: string;
  hint?: ReactNode;
  placeholder?: string;
  disabled?: boolean;
  onSubmitShortcut?: () => void;
  className?: string;
}

/** The single input of one-sentence skills and templates without fields. */
export function SentenceField({
  id,
  label,
  value,
  onChange,
  required,
  error,
  hint,
  placeholder,
  disabled,
  onSubmitShortcut,
  className,
}: SentenceFieldProps) {
  return (
    <div className={className}>
      <FieldShell id={id} label={label} required={required} notes={hint ? [hint] : []} error={error}>
        {(describedBy) => (
          <Textarea
            id={id}
            name="input"
            rows={3}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            onKeyDown={submitOnModEnter(onSubmitShortcut)}
            placeholder={placeholder}
            required={required}
            disabled={disabled}
            maxLength={MAX_FIELD_CHARS}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className={cn('field-sizing-content max-h-72 min-h-24 resize-y')}
          />
        )}
      </FieldShell>
    </div>
  );
}
