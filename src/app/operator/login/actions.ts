'use server';

import { redirect } from 'next/navigation';
import { AuthError, CredentialsSignin } from 'next-auth';
import { getTranslations } from 'next-intl/server';
import type { PasskeyOptions } from '@/app/login/passkey-actions';
import { secondFactorPasskeyOptions } from '@/server/domain/auth/passkey-sign-in';
import { getRuntime } from '@/server/runtime';
import { attemptSignIn } from '@/app/login/attempt';
import { loginSchema, textField } from '@/app/login/login-schema';
import { tooManyAttempts } from '@/app/login/messages';
import { signIn, TooManySignIns, TwoFactorExpired, TwoFactorRequired } from '@/server/edge/next-auth';
import { operatorKeySchema } from './key-schema';
import { dropOperatorTicket, keepOperatorTicket, readOperatorTicket } from './ticket';

export interface OperatorLoginState {
  error: string | null;
}

/** Signs an operator in with the super-administrator key (break-glass); on success next-auth redirects to /operator. */
export async function signInAsOperator(_previous: OperatorLoginState, form: FormData): Promise<OperatorLoginState> {
  const t = await getTranslations('operator.login.errors');
  const parsed = operatorKeySchema(t).safeParse({ key: textField(form, 'key') });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? t('wrong') };
  return {
    error: await attemptSignIn(
      'operator',
      { key: parsed.data.key, redirectTo: '/operator' },
      { wrong: t('wrong'), unavailable: t('unavailable') },
    ),
  };
}

/**
 * A step of an operator account's sign-in. A correct password with two-step verification on goes on to
 * the code step; without it, next-auth signs in and the operator area sends the operator to enrol.
 */
async function attemptOperator(
  provider: 'operator-account' | 'operator-code' | 'operator-passkey',
  credentials: Record<string, string>,
  wrong: string,
): Promise<string | null> {
  const t = await getTranslations('operator.login.errors');
  try {
    await signIn(provider, { ...credentials, redirectTo: '/operator' });
  } catch (err) {
    if (err instanceof TooManySignIns) return await tooManyAttempts(err.retryAfterS);
    if (err instanceof TwoFactorRequired) {
      await keepOperatorTicket(err.ticket);
      redirect('/operator/login/code');
    }
    if (err instanceof TwoFactorExpired) {
      await dropOperatorTicket();
      redirect('/operator/login?expired=1');
    }
    if (err instanceof CredentialsSignin) return wrong;
    if (err instanceof AuthError) return t('unavailable');
    throw err;
  }
  return null;
}

/** The first step of an operator account's sign-in: e-mail and password. */
export async function signInOperatorAccount(
  _previous: OperatorLoginState,
  form: FormData,
): Promise<OperatorLoginState> {
  const errors = await getTranslations('login.errors');
  const parsed = loginSchema(errors).safeParse({
    email: textField(form, 'email'),
    password: textField(form, 'password'),
  });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? errors('incorrect') };
  return { error: await attemptOperator('operator-account', parsed.data, errors('incorrect')) };
}

/** The code step of an operator account's sign-in: a code from the authenticator app, or a recovery code. */
export async function signInOperatorCode(_previous: OperatorLoginState, form: FormData): Promise<OperatorLoginState> {
  const t = await getTranslations('login.code');
  const ticket = await readOperatorTicket();
  if (!ticket) redirect('/operator/login?expired=1');
  const code = textField(form, 'code').trim();
  if (!code) return { error: t('required') };
  if (code.length > 40) return { error: t('incorrect') };
  try {
    return { error: await attemptOperator('operator-code', { ticket, code }, t('incorrect')) };
  } catch (err) {
    await dropOperatorTicket();
    throw err;
  }
}

/** The options of the passkey step: a challenge for the passkeys of the operator the ticket names. */
export async function operatorPasskeyOptions(): Promise<PasskeyOptions> {
  const ticket = await readOperatorTicket();
  const { db, config } = await getRuntime();
  const options = ticket ? await secondFactorPasskeyOptions({ db, config }, ticket) : null;
  if (!options) redirect('/operator/login?expired=1');
  return { options };
}

/** The passkey step of an operator account's sign-in: the browser's answer to that challenge. */
export async function signInOperatorPasskey(answer: string): Promise<OperatorLoginState> {
  const t = await getTranslations('login.passkey');
  const ticket = await readOperatorTicket();
  if (!ticket) redirect('/operator/login?expired=1');
  if (typeof answer !== 'string' || answer.length > 32_000) return { error: t('incorrect') };
  try {
    return { error: await attemptOperator('operator-passkey', { ticket, answer }, t('incorrect')) };
  } catch (err) {
    await dropOperatorTicket();
    throw err;
  }
}
