'use server';

import { getTranslations } from 'next-intl/server';
import { attemptSignIn } from '@/app/login/attempt';
import { textField } from '@/app/login/login-schema';
import { operatorKeySchema } from './key-schema';

export interface OperatorLoginState {
  error: string | null;
}

/** Signs an operator in with the super-administrator key; on success next-auth redirects to /operator. */
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
