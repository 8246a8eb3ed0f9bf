'use server';

import { redirect } from 'next/navigation';
import { textField } from '@/app/login/login-schema';
import { nextPath } from '@/app/login/next-path';
import { emailDomain, findSsoTenant } from '@/server/domain/auth/sso/settings';
import { getRuntime } from '@/server/runtime';
import { goToProvider } from './attempt-cookie';

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,253}$/;

/**
 * "Sign in with SSO": the work e-mail's domain finds the tenant whose single sign-on accepts it, and
 * the browser goes to its provider (the e-mail as the provider's login hint). An e-mail that is not
 * one, or a domain no tenant has, comes back to the form with the reason.
 */
export async function startSsoByEmail(form: FormData): Promise<void> {
  const email = textField(form, 'email').trim().slice(0, 320);
  const next = nextPath(textField(form, 'next'));
  const back = (error: string) =>
    redirect(`/login/sso?error=${error}&email=${encodeURIComponent(email)}&next=${encodeURIComponent(next)}`);
  const domain = EMAIL.test(email) ? emailDomain(email) : null;
  if (!domain) back('email');
  const { db, config } = await getRuntime();
  const tenant = domain ? await findSsoTenant({ db, config }, { domain }) : null;
  if (!tenant) back('none');
  else await goToProvider(tenant, next, email);
}
