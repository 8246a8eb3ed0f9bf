'use client';

import { startRegistration } from '@simplewebauthn/browser';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useId, useState, useTransition, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { finishPasskeyAction, startPasskeyAction } from './passkey-actions';

type Outcome = { ok: true } | { error: string; field?: boolean } | null;

/** The server actions of adding a passkey: the console's by default; the operator area passes its own. */
export interface PasskeyAddActions {
  start: typeof startPasskeyAction;
  finish: typeof finishPasskeyAction;
}

/** Adding a passkey: its name, then the browser's own dialog (fingerprint, face, screen lock or security key). */
export function PasskeyAdd({
  actions = { start: startPasskeyAction, finish: finishPasskeyAction },
}: { actions?: PasskeyAddActions } = {}) {
  const t = useTranslations('account.passkeys');
  const router = useRouter();
  const id = useId();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [pending, startTransition] = useTransition();

  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const typed = new FormData(form).get('name');
    const name = typeof typed === 'string' ? typed.trim() : '';
    if (!name) return setOutcome({ error: t('nameRequired'), field: true });
    startTransition(async () => {
      const started = await actions.start();
      if ('error' in started) return setOutcome(started);
      let answer;
      try {
        answer = await startRegistration({ optionsJSON: started.options });
      } catch {
        return setOutcome({ error: t('cancelled') });
      }
      const done = await actions.finish(name, JSON.stringify(answer));
      setOutcome(done);
      if ('ok' in done) {
        form.reset();
        router.refresh();
      }
    });
  };

  const fieldError = outcome && 'field' in outcome ? outcome.error : null;
  return (
    <form onSubmit={add} noValidate className="space-y-3" aria-label={t('add')}>
      {outcome && 'ok' in outcome && (
        <p
          role="status"
          className="rounded-lg bg-emerald-50 px-3 py-2.5 text-sm text-emerald-800 ring-1 ring-emerald-200"
        >
          {t('added')}
        </p>
      )}
      {outcome && 'error' in outcome && !fieldError && (
        <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2.5 text-sm text-rose-700 ring-1 ring-rose-200">
          {outcome.error}
        </p>
      )}
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-name`}>{t('name')}</Label>
        <Input
          id={`${id}-name`}
          name="name"
          maxLength={60}
          autoComplete="off"
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={`${id}-hint${fieldError ? ` ${id}-error` : ''}`}
        />
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {t('nameHint')}
        </p>
        {fieldError && (
          <p id={`${id}-error`} className="text-xs text-rose-600">
            {fieldError}
          </p>
        )}
      </div>
      <Button type="submit" disabled={pending}>
        {pending ? t('adding') : t('add')}
      </Button>
    </form>
  );
}
