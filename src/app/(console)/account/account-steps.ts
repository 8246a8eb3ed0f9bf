import 'server-only';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { checkNewPassword, minutesOf } from '@/app/login/password-check';
import { textField } from '@/app/login/login-schema';
import type { ActionFormState } from '@/components/passwords/action-form';
import { changePassword } from '@/server/domain/auth/password-change';
import { finishPasskeyEnrolment, removePasskey, startPasskeyEnrolment } from '@/server/domain/auth/passkeys';
import { regenerateRecoveryCodes } from '@/server/domain/auth/recovery-codes';
import { requestClientAddress } from '@/server/edge/http/client-address';
import { logger } from '@/server/logger';
import { getRuntime } from '@/server/runtime';

/**
 * The account page's steps for a signed-in person, whoever signed them in: the console's actions and the
 * operator area's each find their own session and call these (never exported as actions themselves: they
 * take the user's id).
 */

/** Who acts: the user, and the session that stays signed in when a change ends the others. */
export interface AccountHolder {
  userId: string;
  sessionId: string | null;
}

export const refused = (error: string | null, fields: Record<string, string> = {}): ActionFormState => ({
  done: false,
  error,
  fields,
  values: {},
});

const DONE: ActionFormState = { done: true, error: null, fields: {}, values: {} };

/** Changes the password after checking the current one (sign-in throttles); every other session ends. */
export async function changePasswordStep(who: AccountHolder, form: FormData): Promise<ActionFormState> {
  const t = await getTranslations('account');
  const current = textField(form, 'current');
  const checked = await checkNewPassword(form);
  const fields = {
    ...(current ? {} : { current: t('currentRequired') }),
    ...('fields' in checked ? checked.fields : {}),
  };
  if (!current || 'fields' in checked) return refused(null, fields);
  const { db, config } = await getRuntime();
  try {
    const changed = await changePassword(
      { db, config },
      {
        userId: who.userId,
        current,
        next: checked.password,
        address: requestClientAddress(await headers()),
        keepSession: who.sessionId,
      },
    );
    if ('refused' in changed) {
      return changed.refused === 'throttled'
        ? refused(t('throttled', { minutes: minutesOf(changed.retryAfterS) }))
        : refused(null, { current: t('wrongCurrent') });
    }
  } catch (err) {
    logger.error({ err }, 'password change failed');
    return refused(t('failed'));
  }
  return DONE;
}

/** The options the browser creates a passkey with; the challenge stays on the server. */
export async function startPasskeyStep(
  who: AccountHolder,
): Promise<{ options: PublicKeyCredentialCreationOptionsJSON } | { error: string }> {
  const { db, config } = await getRuntime();
  try {
    return { options: await startPasskeyEnrolment({ db, config }, who.userId) };
  } catch (err) {
    logger.error({ err }, 'passkey enrolment could not be started');
    return { error: (await getTranslations('account.passkeys'))('failed') };
  }
}

/** Keeps the passkey the browser made, under its name; every other session of the user ends. */
export async function finishPasskeyStep(
  who: AccountHolder,
  name: string,
  answer: string,
): Promise<{ ok: true } | { error: string }> {
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
      { userId: who.userId, name, answer: parsed, keepSession: who.sessionId },
    );
    return 'ok' in done ? { ok: true } : { error: t(done.refused) };
  } catch (err) {
    logger.error({ err }, 'passkey could not be added');
    return { error: t('failed') };
  }
}

/**
 * Removes one of the user's passkeys, with the current password; every other session of the user ends.
 * `secondFactorRequired` (operators): the last second factor is refused with a word why.
 */
export async function removePasskeyStep(
  who: AccountHolder,
  passkeyId: string,
  form: FormData,
  secondFactorRequired = false,
): Promise<ActionFormState> {
  const t = await getTranslations('account');
  const tp = await getTranslations('account.passkeys');
  const password = textField(form, 'current');
  if (!password) return refused(null, { current: t('currentRequired') });
  const { db } = await getRuntime();
  try {
    const removed = await removePasskey(
      { db },
      {
        userId: who.userId,
        passkeyId: String(passkeyId),
        password: password.slice(0, 200),
        address: requestClientAddress(await headers()),
        keepSession: who.sessionId,
        secondFactorRequired,
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
        case 'last_factor':
          return refused(tp('lastFactor'));
      }
    }
  } catch (err) {
    logger.error({ err }, 'passkey could not be removed');
    return refused(tp('failed'));
  }
  return DONE;
}

/**
 * Makes ten new recovery codes (the old ones stop working), with the password or a current code. The
 * answer carries them (space-separated in `values.recoveryCodes`) for the page to show this once.
 */
export async function regenerateRecoveryCodesStep(who: AccountHolder, form: FormData): Promise<ActionFormState> {
  const t = await getTranslations('account');
  const tf = await getTranslations('account.twoFactor');
  const proof = textField(form, 'proof');
  if (!proof) return refused(null, { proof: tf('proofRequired') });
  const { db, config } = await getRuntime();
  try {
    const made = await regenerateRecoveryCodes(
      { db, config },
      {
        userId: who.userId,
        proof: proof.slice(0, 200),
        address: requestClientAddress(await headers()),
        keepSession: who.sessionId,
      },
    );
    if ('ok' in made) {
      return { done: true, error: null, fields: {}, values: { recoveryCodes: made.recoveryCodes.join(' ') } };
    }
    switch (made.refused) {
      case 'throttled':
        return refused(t('throttled', { minutes: minutesOf(made.retryAfterS) }));
      case 'wrong':
        return refused(null, { proof: tf('wrongProof') });
      case 'not_on':
        return refused(tf('failed'));
    }
  } catch (err) {
    logger.error({ err }, 'recovery codes could not be made');
    return refused(tf('failed'));
  }
}
