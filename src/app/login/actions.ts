'use server';

import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { nextFromUrl } from '@/lib/return-path';
import { attemptSignIn } from './attempt';
import { loginSchema, textField } from './login-schema';

export interface LoginState {
  error: string | null;
  /** Echoed back so a failed attempt keeps the typed address. */
  email: string;
}

/** Signs a tenant administrator in; on success next-auth redirects to the page named by the sign-in address's `next` (the form posts from it, so the Referer carries it), else the overview. */
export async function signInWithPassword(_previous: LoginState, form: FormData): Promise<LoginState> {
  const t = await getTranslations('login.errors');
  const typed = { email: textField(form, 'email').trim(), password: textField(form, 'password') };
  if (!typed.email || !typed.password) return { error: t('missing'), email: typed.email };
  const parsed = loginSchema(t).safeParse(typed);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? t('incorrect'), email: typed.email };
  const refused = await attemptSignIn('credentials', { ...parsed.data, redirectTo: nextFromUrl((await headers()).get('referer'), '/overview') }, { wrong: t('incorrect'), unavailable: t('unavailable') });
  return { error: refused, email: typed.email };
}
