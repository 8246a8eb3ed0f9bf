'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { checkNewPassword, minutesOf } from '@/app/login/password-check';
import { textField } from '@/app/login/login-schema';
import type { ActionFormState } from '@/components/passwords/action-form';
import { changePassword } from '@/server/domain/auth/password-change';
import { requestClientAddress } from '@/server/edge/http/client-address';
import { logger } from '@/server/logger';
import { getRuntime } from '@/server/runtime';
import { consoleSession } from '@/trpc/server';

/**
 * Changes the signed-in user's password. The current password is checked under the sign-in throttles;
 * on success every other session of the user ends; this one stays.
 */
export async function changePasswordAction(_previous: ActionFormState, form: FormData): Promise<ActionFormState> {
  const session = await consoleSession();
  if (!session) redirect('/login');
  const t = await getTranslations('account');
  const current = textField(form, 'current');
  const checked = await checkNewPassword(form);
  const fields = {
    ...(current ? {} : { current: t('currentRequired') }),
    ...('fields' in checked ? checked.fields : {}),
  };
  if (!current || 'fields' in checked) return { done: false, error: null, fields, values: {} };

  const { db, config } = await getRuntime();
  try {
    const changed = await changePassword(
      { db, config },
      {
        userId: session.userId,
        current,
        next: checked.password,
        address: requestClientAddress(await headers()),
        keepSession: session.sessionId,
      },
    );
    if ('refused' in changed) {
      return changed.refused === 'throttled'
        ? { done: false, error: t('throttled', { minutes: minutesOf(changed.retryAfterS) }), fields: {}, values: {} }
        : { done: false, error: null, fields: { current: t('wrongCurrent') }, values: {} };
    }
  } catch (err) {
    logger.error({ err }, 'password change failed');
    return { done: false, error: t('failed'), fields: {}, values: {} };
  }
  return { done: true, error: null, fields: {}, values: {} };
}
