'use server';

import { attemptSignIn } from './attempt';
import { loginSchema, textField } from './login-schema';
import { INCORRECT_CREDENTIALS, SIGN_IN_UNAVAILABLE } from './messages';

export interface LoginState {
  error: string | null;
  /** Echoed back so a failed attempt keeps the typed address. */
  email: string;
}

/** Signs a tenant administrator in; on success next-auth redirects to the overview. */
export async function signInWithPassword(_previous: LoginState, form: FormData): Promise<LoginState> {
  const typed = { email: textField(form, 'email').trim(), password: textField(form, 'password') };
  if (!typed.email || !typed.password) return { error: 'Enter your email and password', email: typed.email };
  const parsed = loginSchema.safeParse(typed);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? INCORRECT_CREDENTIALS, email: typed.email };
  const refused = await attemptSignIn('credentials', { ...parsed.data, redirectTo: '/overview' }, { wrong: INCORRECT_CREDENTIALS, unavailable: SIGN_IN_UNAVAILABLE });
  return { error: refused, email: typed.email };
}
