'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { after } from 'next/server';
import { getLocale, getTranslations } from 'next-intl/server';
import { z } from 'zod';
import type { ActionFormState } from '@/components/passwords/action-form';
import { answerResetRequest, resetPassword, ResetLinkInvalid } from '@/server/domain/auth/password-reset';
import { AppError } from '@/server/errors';
import { requestClientAddress } from '@/server/edge/http/client-address';
import { logger } from '@/server/logger';
import { getRuntime } from '@/server/runtime';
import { textField } from './login-schema';
import { checkNewPassword, minutesOf } from './password-check';

const refused = (
  error: string | null,
  fields: Record<string, string> = {},
  values: Record<string, string> = {},
): ActionFormState => ({
  done: false,
  error,
  fields,
  values,
});

/**
 * Forgot password: the same answer whether or not the email has an account; only a spent rate limit
 * (counted alike for every address) is said.
 */
export async function requestResetAction(_previous: ActionFormState, form: FormData): Promise<ActionFormState> {
  const [t, errors] = await Promise.all([getTranslations('forgot'), getTranslations('login.errors')]);
  const email = textField(form, 'email').trim();
  if (!email) return refused(null, { email: errors('emailRequired') }, { email });
  if (!z.email().max(200).safeParse(email).success) return refused(null, { email: errors('emailInvalid') }, { email });
  const { db, config } = await getRuntime();
  try {
    await answerResetRequest(
      { db, config },
      { email, address: requestClientAddress(await headers()), locale: await getLocale() },
      after,
    );
  } catch (err) {
    if (err instanceof AppError && err.code === 'TOO_MANY_REQUESTS')
      return refused(t('throttled', { minutes: minutesOf(err.retryAfter) }), {}, { email });
    logger.error({ err }, 'password reset request failed');
    return refused(t('failed'), {}, { email });
  }
  return { done: true, error: null, fields: {}, values: { email } };
}

/** Sets a new password through a reset link; on success, to the sign-in page with the email filled in. */
export async function resetPasswordAction(
  token: string,
  _previous: ActionFormState,
  form: FormData,
): Promise<ActionFormState> {
  const t = await getTranslations('reset');
  const checked = await checkNewPassword(form);
  if ('fields' in checked) return refused(null, checked.fields);
  const { db, config } = await getRuntime();
  let email: string;
  try {
    ({ email } = await resetPassword({ db, config }, { token, password: checked.password }));
  } catch (err) {
    // The page itself then says the link no longer works.
    if (err instanceof ResetLinkInvalid) redirect(`/login/reset/${encodeURIComponent(token)}`);
    logger.error({ err }, 'password reset failed');
    return refused(t('failed'));
  }
  redirect(`/login?${new URLSearchParams({ reset: 'done', email }).toString()}`);
}
