import { randomBytes } from 'node:crypto';
import { adminKey, api } from './api';

/** Console sessions for API tests: a tenant with a login, signed in through next-auth's own endpoints. */

export const PASSWORD = 'correct horse battery';

/** A unique e-mail address for a login. */
export const uniqueEmail = (what: string) => `${what}-${randomBytes(5).toString('hex')}@example.cn`;

/** The `name=value` pairs of Set-Cookie headers, as a Cookie header. */
export const cookieHeader = (setCookies: string[]) => setCookies.map((c) => c.split(';', 1)[0]).join('; ');

export interface SignInResult {
  /** True when a session cookie was set. */
  ok: boolean;
  /** The refusal's `code` in next-auth's redirect (invalid_credentials, too_many_attempts). */
  code: string | null;
  /** The Cookie header of the session. */
  cookie: string;
  setCookies: string[];
  ms: number;
}

/** Signs in through next-auth's own endpoints (CSRF token, then the provider's callback), as a form post does. */
export async function signIn(
  base: string,
  fields: Record<string, string>,
  opts: { provider?: 'credentials' | 'operator'; address?: string } = {},
): Promise<SignInResult> {
  const forwarded: Record<string, string> = opts.address ? { 'x-forwarded-for': opts.address } : {};
  const csrf = await fetch(`${base}/api/auth/csrf`, { headers: forwarded });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const started = performance.now();
  const res = await fetch(`${base}/api/auth/callback/${opts.provider ?? 'credentials'}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: cookieHeader(csrf.headers.getSetCookie()),
      ...forwarded,
    },
    body: new URLSearchParams({ ...fields, csrfToken, callbackUrl: '/overview' }),
  });
  const ms = performance.now() - started;
  await res.arrayBuffer();
  const setCookies = res.headers.getSetCookie().filter((c) => /authjs\.session-token=[^;]/.test(c));
  const location = res.headers.get('location') ?? '';
  return {
    ok: setCookies.length > 0,
    code: location.includes('error=') ? new URL(location, base).searchParams.get('code') : null,
    cookie: cookieHeader(setCookies),
    setCookies,
    ms,
  };
}

/** A tenant with a console login on `base`. */
export async function tenantWithLogin(base: string, email = uniqueEmail('admin')) {
  const res = await api<{ tenant: { id: string }; api_key: string }>('/admin', {
    base,
    key: adminKey(),
    body: {
      action: 'tenant-create',
      name: `安全测试 ${email}`,
      credits: 100,
      quota_monthly: 1000,
      admin_email: email,
      admin_password: PASSWORD,
    },
  });
  if (res.status !== 200) throw new Error(`tenant-create failed: ${JSON.stringify(res.body)}`);
  return { id: res.body.tenant.id, key: res.body.api_key, email };
}

/** Signs out through next-auth's own endpoint (CSRF token, then the sign-out post), as the console's button does. */
export async function signOut(base: string, cookie: string): Promise<void> {
  const csrf = await fetch(`${base}/api/auth/csrf`, { headers: { cookie } });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const withCsrf = [cookie, cookieHeader(csrf.headers.getSetCookie())].filter(Boolean).join('; ');
  const res = await fetch(`${base}/api/auth/signout`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: withCsrf },
    body: new URLSearchParams({ csrfToken, callbackUrl: '/login' }),
  });
  await res.arrayBuffer();
  if (res.status >= 400) throw new Error(`sign-out answered ${res.status}`);
}
