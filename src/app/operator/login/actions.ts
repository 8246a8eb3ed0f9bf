'use server';

import { AuthError, CredentialsSignin } from 'next-auth';
import { signIn } from '@/server/auth/next-auth';
import { OPERATOR_SIGN_IN_UNAVAILABLE, WRONG_KEY } from './messages';

export interface OperatorLoginState {
  error: string | null;
}

/** Signs an operator in with the super-administrator key; on success next-auth redirects to /operator. */
export async function signInAsOperator(_previous: OperatorLoginState, form: FormData): Promise<OperatorLoginState> {
  const key = String(form.get('key') ?? '').trim();
  if (!key) return { error: 'Enter the super-administrator key' };
  try {
    await signIn('operator', { key, redirectTo: '/operator' });
  } catch (err) {
    if (err instanceof CredentialsSignin) return { error: WRONG_KEY };
    if (err instanceof AuthError) return { error: OPERATOR_SIGN_IN_UNAVAILABLE };
    // The success path ends in a redirect, which Next.js delivers as a thrown signal.
    throw err;
  }
  return { error: null };
}
