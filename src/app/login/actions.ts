'use server';

import { AuthError, CredentialsSignin } from 'next-auth';
import { signIn } from '@/server/auth/next-auth';
import { INCORRECT_CREDENTIALS, SIGN_IN_UNAVAILABLE } from './messages';

export interface LoginState {
  error: string | null;
  /** Echoed back so a failed attempt keeps the typed address. */
  email: string;
}

/** Signs a tenant administrator in; on success next-auth redirects to the overview. */
export async function signInWithPassword(_previous: LoginState, form: FormData): Promise<LoginState> {
  const email = String(form.get('email') ?? '').trim();
  const password = String(form.get('password') ?? '');
  if (!email || !password) return { error: 'Enter your email and password', email };
  try {
    await signIn('credentials', { email, password, redirectTo: '/overview' });
  } catch (err) {
    if (err instanceof CredentialsSignin) return { error: INCORRECT_CREDENTIALS, email };
    if (err instanceof AuthError) return { error: SIGN_IN_UNAVAILABLE, email };
    // The success path ends in a redirect, which Next.js delivers as a thrown signal.
    throw err;
  }
  return { error: null, email };
}
