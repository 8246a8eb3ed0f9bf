'use server';

import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import QRCode from 'qrcode';
import { textField } from '@/app/login/login-schema';
import type { EnrolmentStart } from '@/app/(console)/account/two-factor-actions';
import type { ActionFormState } from '@/components/passwords/action-form';
import { confirmEnrolment, startEnrolment } from '@/server/domain/auth/two-factor';
import { AppError } from '@/server/errors';
import { logger } from '@/server/logger';
import { getRuntime } from '@/server/runtime';
import { operatorSignIn } from '@/trpc/server';

const refused = (error: string | null, fields: Record<string, string> = {}): ActionFormState => ({
  done: false,
  error,
  fields,
  values: {},
});

/** The signed-in operator account (enrolled or not); the key has no second factor to enrol. */
async function operatorAccount() {
  const session = await operatorSignIn();
  if (!session?.account) redirect('/operator/login');
  return { ...session.account, sessionId: session.sessionId };
}

/** Starts enrolling the signed-in operator: a new secret, kept until a code from it is confirmed. */
export async function startOperatorEnrolment(): Promise<EnrolmentStart> {
  const operator = await operatorAccount();
  const t = await getTranslations('account.twoFactor');
  const { db, config } = await getRuntime();
  try {
    const { secret, uri } = await startEnrolment({ db, config }, operator.id);
    const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return { secret, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  } catch (err) {
    if (err instanceof AppError && err.code === 'CONFLICT') return { error: t('alreadyOn') };
    logger.error({ err }, 'operator two-step verification could not be started');
    return { error: t('failed') };
  }
}

/** Confirms the operator's enrolment with a current code; this session stays signed in, now enrolled. */
export async function confirmOperatorEnrolment(_previous: ActionFormState, form: FormData): Promise<ActionFormState> {
  const operator = await operatorAccount();
  const t = await getTranslations('account.twoFactor');
  const code = textField(form, 'code').trim();
  if (!code) return refused(null, { code: t('codeRequired') });
  const { db, config } = await getRuntime();
  try {
    const confirmed = await confirmEnrolment(
      { db, config },
      { userId: operator.id, code: code.slice(0, 40), keepSession: operator.sessionId },
    );
    if ('refused' in confirmed)
      return confirmed.refused === 'wrong_code' ? refused(null, { code: t('wrongCode') }) : refused(t('startAgain'));
    return { done: true, error: null, fields: {}, values: { recoveryCodes: confirmed.recoveryCodes.join(' ') } };
  } catch (err) {
    if (err instanceof AppError && err.code === 'CONFLICT') return refused(t('alreadyOn'));
    logger.error({ err }, 'operator two-step verification could not be confirmed');
    return refused(t('failed'));
  }
}
