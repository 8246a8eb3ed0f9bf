'use server';

import { attemptSignIn } from '@/app/login/attempt';
import { textField } from '@/app/login/login-schema';
import { operatorKeySchema } from './key-schema';
import { OPERATOR_SIGN_IN_UNAVAILABLE, WRONG_KEY } from './messages';

export interface OperatorLoginState {
  error: string | null;
}

/** Signs an operator in with the super-administrator key; on success next-auth redirects to /operator. */
export async function signInAsOperator(_previous: OperatorLoginState, form: FormData): Promise<OperatorLoginState> {
  const parsed = operatorKeySchema.safeParse({ key: textField(form, 'key') });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? WRONG_KEY };
  return { error: await attemptSignIn('operator', { key: parsed.data.key, redirectTo: '/operator' }, { wrong: WRONG_KEY, unavailable: OPERATOR_SIGN_IN_UNAVAILABLE }) };
}
