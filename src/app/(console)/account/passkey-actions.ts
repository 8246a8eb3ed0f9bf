'use server';

import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { minutesOf } from '@/app/login/password-check';
import { textField } from '@/app/login/login-schema';
import type { ActionFormState } from '@/components/passwords/action-form';
import { finishPasskeyEnrolment, removePasskey, startPasskeyEnrolment } from '@/server/domain/auth/passkeys';
import { requestClientAddress } from '@/server/edge/http/client-address';
import { logger } from '@/server/logger';
import { getRuntime } from '@/server/runtime';
import { consoleSession } from '@/trpc/server';

async function signedIn() {
  const session = await consoleSession();
  if (!session) redirect('/login');
  return session;
}

const refused = (error: string | null, fields: Record<string, string> = {}): ActionFormState => ({
  done: false,
  error,
  fields,
  values: {},
});

/** The options the browser creates a passkey with; the challenge stays on the server. */
export async function startPasskeyAction(): Promise<
  { options: PublicKeyCredentialCreationOptionsJSON } | { error: string }
> {
  const session = await signedIn();
  const { db, config } = await getRuntime();
  try {
    return { options: await startPasskeyEnrolment({ db, config }, session.userId) };
  } catch (err) {
    logger.error({ err }, 'passkey enrolment could not be started');
    return { error: (await getTranslations('account.passkeys'))('failed') };
  }
}

/** Keeps the passkey the browser made, under its name; every other session of the user ends. */
export async function finishPasskeyAction(name: string, answer: string): Promise<{ ok: true } | { error: string }> {
  const session = await signedIn();
  const t = await getTranslations('account.passkeys');
  if (typeof name !== 'string' || !name.trim()) return { error: t('nameRequired') };
  let parsed: unknown;
  try {
    parsed = typeof answer === 'string' && answer.length <= 32_000 ? JSON.parse(answer) : null;
  } catch {
    return { error: t('invalid') };
  }
  const { db, config } = await getRuntime();
  try {
    const done = await finishPasskeyEnrolment(
      { db, config },
      { userId: session.userId, name, answer: parsed, keepSession: session.sessionId },
    );
    return 'ok' in done ? { ok: true } : { error: t(done.refused) };
  } catch (err) {
    logger.error({ err }, 'passkey could not be added');
    return { error: t('failed') };
  }
}

/** Removes one of the user's passkeys, with the current password; every other session of the user ends. */
export async function removePasskeyAction(
  passkeyId: string,
  _previous: ActionFormState,
  form: FormData,
): Promise<ActionFormState> {
  const session = await signedIn();
  const t = await getTranslations('account');
  const tp = await getTranslations('account.passkeys');
  const password = textField(form, 'current');
  if (!password) return refused(null, { current: t('currentRequired') });
  const { db } = await getRuntime();
  try {
    const removed = await removePasskey(
      { db },
      {
        userId: session.userId,
        passkeyId: String(passkeyId),
        password: password.slice(0, 200),
        address: requestClientAddress(await headers()),
        keepSession: session.sessionId,
      },
    );
    if ('refused' in removed) {
      switch (removed.refused) {
        case 'throttled':
          return refused(t('throttled', { minutes: minutesOf(removed.retryAfterS) }));
        case 'wrong_password':
          return refused(null, { current: t('wrongCurrent') });
        case 'not_found':
          return refused(tp('notFound'));
      }
    }
  } catch (err) {
    logger.error({ err }, 'passkey could not be removed');
    return refused(tp('failed'));
  }
  return { done: true, error: null, fields: {}, values: {} };
}
