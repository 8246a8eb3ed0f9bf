'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import QRCode from 'qrcode';
import { minutesOf } from '@/app/login/password-check';
import { textField } from '@/app/login/login-schema';
import type { ActionFormState } from '@/components/passwords/action-form';
import { confirmEnrolment, removeTwoFactor, startEnrolment } from '@/server/domain/auth/two-factor';
import { requestClientAddress } from '@/server/edge/http/client-address';
import { AppError } from '@/server/errors';
import { logger } from '@/server/logger';
import { getRuntime } from '@/server/runtime';
import { consoleSession } from '@/trpc/server';
import { refused, regenerateRecoveryCodesStep } from './account-steps';

/** A new secret to enrol, as text and as a QR code of its `otpauth://` link (an SVG data URL). */
export type EnrolmentStart = { secret: string; qr: string } | { error: string };

async function signedIn() {
  const session = await consoleSession();
  if (!session) redirect('/login');
  return session;
}

/** Starts enrolling the signed-in user: a new secret, kept until a code from it is confirmed. */
export async function startTwoFactorAction(): Promise<EnrolmentStart> {
  const session = await signedIn();
  const t = await getTranslations('account.twoFactor');
  const { db, config } = await getRuntime();
  try {
    const { secret, uri } = await startEnrolment({ db, config }, session.userId);
    const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return { secret, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  } catch (err) {
    if (err instanceof AppError && err.code === 'CONFLICT') return { error: t('alreadyOn') };
    logger.error({ err }, 'two-step verification could not be started');
    return { error: t('failed') };
  }
}

/**
 * Confirms the enrolment with a current code. The answer carries the ten recovery codes (space-separated
 * in `values.recoveryCodes`) for the page to show this once; every other session of the user ends.
 */
export async function confirmTwoFactorAction(_previous: ActionFormState, form: FormData): Promise<ActionFormState> {
  const session = await signedIn();
  const t = await getTranslations('account.twoFactor');
  const code = textField(form, 'code').trim();
  if (!code) return refused(null, { code: t('codeRequired') });
  const { db, config } = await getRuntime();
  try {
    const confirmed = await confirmEnrolment(
      { db, config },
      { userId: session.userId, code: code.slice(0, 40), keepSession: session.sessionId },
    );
    if ('refused' in confirmed) {
      return confirmed.refused === 'wrong_code' ? refused(null, { code: t('wrongCode') }) : refused(t('startAgain'));
    }
    return { done: true, error: null, fields: {}, values: { recoveryCodes: confirmed.recoveryCodes.join(' ') } };
  } catch (err) {
    if (err instanceof AppError && err.code === 'CONFLICT') return refused(t('alreadyOn'));
    logger.error({ err }, 'two-step verification could not be confirmed');
    return refused(t('failed'));
  }
}

/** Switches two-step verification off: the current password and a code, under the sign-in throttles. */
export async function removeTwoFactorAction(_previous: ActionFormState, form: FormData): Promise<ActionFormState> {
  const session = await signedIn();
  const t = await getTranslations('account');
  const tf = await getTranslations('account.twoFactor');
  const password = textField(form, 'current');
  const code = textField(form, 'code').trim();
  const fields = {
    ...(password ? {} : { current: t('currentRequired') }),
    ...(code ? {} : { code: tf('codeRequired') }),
  };
  if (!password || !code) return refused(null, fields);
  const { db, config } = await getRuntime();
  try {
    const removed = await removeTwoFactor(
      { db, config },
      {
        userId: session.userId,
        password: password.slice(0, 200),
        code: code.slice(0, 40),
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
        case 'wrong_code':
          return refused(null, { code: tf('wrongCode') });
        case 'not_on':
          return { done: true, error: null, fields: {}, values: {} };
      }
    }
  } catch (err) {
    logger.error({ err }, 'two-step verification could not be removed');
    return refused(tf('failed'));
  }
  return { done: true, error: null, fields: {}, values: {} };
}

/** Makes ten new recovery codes (the old ones stop working), with the password or a current code; shown once. */
export async function regenerateRecoveryCodesAction(
  _previous: ActionFormState,
  form: FormData,
): Promise<ActionFormState> {
  return regenerateRecoveryCodesStep(await signedIn(), form);
}
