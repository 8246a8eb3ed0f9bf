'use client';

import {
  startTransition,
  useActionState,
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** What a password form's server action answers: a refusal (for the form or per field), or success. */
export interface ActionFormState {
  done: boolean;
  error: string | null;
  fields: Record<string, string>;
  /** Typed values echoed back so a refusal keeps them (never passwords). */
  values: Record<string, string>;
}

export const idleFormState: ActionFormState = { done: false, error: null, fields: {}, values: {} };

export interface ActionField {
  name: string;
  label: string;
  type: 'email' | 'password' | 'text';
  autoComplete: string;
  hint?: string;
  placeholder?: string;
  autoFocus?: boolean;
}

interface ActionFormProps {
  action: (previous: ActionFormState, form: FormData) => Promise<ActionFormState>;
  fields: ActionField[];
  initialValues?: Record<string, string>;
  submit: string;
  submitting: string;
  /** What replaces the form once the action succeeded; without it the form stays and `doneMessage` shows. */
  done?: (state: ActionFormState) => ReactNode;
  doneMessage?: string;
  label: string;
}

/**
 * A small form posting to a server action that checks every field itself (so it works without
 * JavaScript too): used by the forgot, reset and change password forms.
 */
export function ActionForm({
  action,
  fields,
  initialValues = {},
  submit,
  submitting,
  done,
  doneMessage,
  label,
}: ActionFormProps) {
  const [state, formAction, pending] = useActionState(action, idleFormState);
  const [sent, setSent] = useState(0);
  const ref = useRef<HTMLFormElement>(null);
  const id = useId();
  // A refusal keeps what was typed, except a refused password, which is emptied and focused; a success
  // gives a fresh, empty form. (Without JavaScript the page reloads with the echoed values instead.)
  useEffect(() => {
    const form = ref.current;
    if (!form || state.done) return;
    const refused = [...form.elements].filter(
      (el): el is HTMLInputElement => el instanceof HTMLInputElement && el.name in state.fields,
    );
    for (const input of refused) if (input.type === 'password') input.value = '';
    refused[0]?.focus();
  }, [state]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Submitted by hand, so React does not reset the form's fields after the action as it does for `action`.
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setSent((n) => n + 1);
    startTransition(() => formAction(data));
  };
  if (state.done && done) return done(state);
  return (
    <form
      ref={ref}
      key={state.done ? `done-${sent}` : 'editing'}
      action={formAction}
      onSubmit={onSubmit}
      noValidate
      className="space-y-5"
      aria-label={label}
    >
      {state.error && (
        <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2.5 text-sm text-rose-700 ring-1 ring-rose-200">
          {state.error}
        </p>
      )}
      {state.done && doneMessage && (
        <p
          role="status"
          className="rounded-lg bg-emerald-50 px-3 py-2.5 text-sm text-emerald-800 ring-1 ring-emerald-200"
        >
          {doneMessage}
        </p>
      )}
      {fields.map((field) => {
        const inputId = `${id}-${field.name}`;
        const error = state.fields[field.name];
        const described = [field.hint ? `${inputId}-hint` : '', error ? `${inputId}-error` : '']
          .filter(Boolean)
          .join(' ');
        return (
          <div key={field.name} className="space-y-1.5">
            <Label htmlFor={inputId}>{field.label}</Label>
            <Input
              id={inputId}
              name={field.name}
              type={field.type}
              autoComplete={field.autoComplete}
              placeholder={field.placeholder}
              autoFocus={field.autoFocus}
              defaultValue={
                field.type === 'password' ? '' : (state.values[field.name] ?? initialValues[field.name] ?? '')
              }
              maxLength={field.type === 'password' ? 128 : 200}
              aria-invalid={error ? true : undefined}
              aria-describedby={described || undefined}
              required
            />
            {field.hint && (
              <p id={`${inputId}-hint`} className="text-xs text-slate-500">
                {field.hint}
              </p>
            )}
            {error && (
              <p id={`${inputId}-error`} className="text-xs text-rose-600">
                {error}
              </p>
            )}
          </div>
        );
      })}
      <Button type="submit" size="lg" className="w-full" disabled={pending}>
        {pending ? submitting : submit}
      </Button>
    </form>
  );
}
