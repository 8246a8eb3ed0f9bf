'use client';

import { startAuthentication } from '@simplewebauthn/browser';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { passkeyOptionsAction, signInWithPasskey, type PasskeyOptions } from './passkey-actions';

/** The server actions of a passkey sign-in: the console's by default; the operator sign-in passes its own. */
export interface PasskeySignInActions {
  options: () => Promise<PasskeyOptions>;
  signIn: (answer: string) => Promise<{ error: string | null }>;
}

/**
 * Signs in with a passkey: on its own on the sign-in page (the browser offers the passkeys it holds for
 * this site), or as the second step after the password (`step`). Its label names no "sign in", so the
 * password form's button stays the only one called that.
 */
export function PasskeyButton({
  next,
  step,
  actions,
}: {
  next: string;
  step: boolean;
  actions?: PasskeySignInActions;
}) {
  const t = useTranslations('login.passkey');
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const use = () =>
    startTransition(async () => {
      setError(null);
      const { options } = await (actions ? actions.options() : passkeyOptionsAction(next, step));
      let answer;
      try {
        answer = await startAuthentication({ optionsJSON: options });
      } catch {
        return setError(t('cancelled'));
      }
      const refused = await (actions
        ? actions.signIn(JSON.stringify(answer))
        : signInWithPasskey(next, step, JSON.stringify(answer)));
      if (refused.error) setError(refused.error);
    });
  return (
    <div className="space-y-3">
      {error && (
        <p
          role="alert"
          id="passkey-error"
          className="rounded-lg bg-rose-50 px-3 py-2.5 text-sm text-rose-700 ring-1 ring-rose-200"
        >
          {error}
        </p>
      )}
      <Button type="button" variant="secondary" size="lg" className="w-full" onClick={use} disabled={pending}>
        {pending ? t('waiting') : t('use')}
      </Button>
    </div>
  );
}

/** The line between the form and the passkey button. */
export function PasskeyDivider() {
  const t = useTranslations('login.passkey');
  return (
    <div className="my-5 flex items-center gap-3 text-xs text-slate-500" aria-hidden="true">
      <span className="h-px flex-1 bg-slate-200" />
      {t('or')}
      <span className="h-px flex-1 bg-slate-200" />
    </div>
  );
}
