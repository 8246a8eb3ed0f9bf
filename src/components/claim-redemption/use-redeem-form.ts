'use client';

import { useLocale, useTranslations } from 'next-intl';
import { setLocale } from '@/i18n/set-locale';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import type { RouterOutputs } from '@/trpc/react';
import { applyServerError, useZodForm, type ServerIssue } from '@/components/ui/form';
import { checkOnSubmit } from '@/components/console/form-rules';
import { signInAfterClaim } from '@/app/login/claim-sign-in';
import { rememberClaimEmail } from './claimed-email';
import { redeemFormSchema, type RedeemFields } from './redeem-form-schema';

export type RedeemAnswer = RouterOutputs['claims']['redeem'];

/** A refusal of POST /api/social-claims, carrying its refused fields the way tRPC errors do. */
class Refusal extends Error {
  constructor(
    message: string,
    readonly data: { issues: ServerIssue[] },
  ) {
    super(message);
  }
}

type Answer = RedeemAnswer | { ok: false; error?: string; issues?: ServerIssue[] };

/**
 * The redemption form. The page has no session, so it calls the public REST endpoint, with one
 * idempotency key per visit: a resubmission after a lost answer gets the same answer, not a refusal.
 */
export function useRedeemForm(code: string) {
  const t = useTranslations('claim.errors');
  const passwords = useTranslations('passwords');
  const locale = useLocale();
  const schema = useMemo(() => redeemFormSchema(t, passwords), [t, passwords]);
  const form = useZodForm(schema, {
    ...checkOnSubmit,
    defaultValues: { nickname: '', email: '', password: '', confirm: '' },
  });
  const [answer, setAnswer] = useState<RedeemAnswer | null>(null);
  const [signedIn, setSignedIn] = useState(false);
  const idempotencyKey = useRef<string | null>(null);

  const send = async ({ confirm: _confirm, ...body }: RedeemFields) => {
    idempotencyKey.current ??=
      typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : String(Date.now());
    let reply: Answer;
    try {
      const res = await fetch('/api/social-claims', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey.current },
        body: JSON.stringify({ code, ...body }),
      });
      reply = (await res.json()) as Answer;
    } catch {
      form.setError('root.server', { type: 'server', message: t('network') });
      return;
    }
    if (reply.ok) {
      rememberClaimEmail(code, reply.sign_in.email);
      // The console the buyer signs in to next speaks the language this page was read in.
      await setLocale(locale).catch(() => undefined);
      // An account opened now is signed in at once, with the password chosen or generated; the page
      // stays on the result, which shows what it shows once. An existing account keeps its own password.
      const password = reply.account.created ? body.password || reply.sign_in.password : null;
      if (password) setSignedIn(await signInAfterClaim(reply.sign_in.email, password).catch(() => false));
      setAnswer(reply);
    } else applyServerError(form, new Refusal(reply.error ?? t('failed'), { issues: reply.issues ?? [] }));
  };
  // Wrapped at submit time: the key lives in a ref, which only an event may read.
  const submit = (event: FormEvent) => form.handleSubmit(send)(event);

  return { form, submit, answer, signedIn };
}
