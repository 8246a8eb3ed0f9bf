'use server';

import { getTranslations } from 'next-intl/server';
import { attemptSignIn } from './attempt';
import { loginSchema, textField } from './login-schema';
import { nextPath } from './next-path';

export interface LoginState {
  error: string | null;
  /** Echoed back so a failed attempt keeps the typed address. */
  email: string;
}

/** Signs a console user in; on success next-auth redirects to `next` (a path on this site), the overview by default. */
export async function signInWithPassword(next: string, _previous: LoginState, form: FormData): Promise<LoginState> {
  const t = await getTranslations('login.errors');
  const typed = { email: textField(form, 'email').trim(), password: textField(form, 'password') };
  if (!typed.email || !typed.password) return { error: t('missing'), email: typed.email };
  const parsed = loginSchema(t).safeParse(typed);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? t('incorrect'), email: typed.email };
  const refused = await attemptSignIn(
    'credentials',
    { ...parsed.data, redirectTo: nextPath(next) },
    { wrong: t('incorrect'), unavailable: t('unavailable') },
  );
  return { error: refused, email: typed.email };
}
