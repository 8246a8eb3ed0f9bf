import { describe, expect, inject, it } from 'vitest';
import { adminKey } from '../helpers/api';
import { PASSWORD, signIn, signOut, tenantWithLogin } from '../helpers/console-session';

/**
 * Signing out ends the session on the server: a copy of the cookie taken before (a shared computer, a
 * stolen cookie) opens nothing afterwards, in the console or the operator area.
 */
describe('signing out', () => {
  const base = inject('apiBase');
  const page = (path: string, cookie: string) => fetch(`${base}${path}`, { headers: { cookie }, redirect: 'manual' });
  const me = (cookie: string) => fetch(`${base}/api/trpc/session.me`, { headers: { cookie } });

  it('ends a console session everywhere: pages and the console API refuse the old cookie', async () => {
    const tenant = await tenantWithLogin(base);
    const session = await signIn(base, { email: tenant.email, password: PASSWORD });
    expect(session.ok).toBe(true);
    expect((await page('/overview', session.cookie)).status).toBe(200);
    expect((await me(session.cookie)).status).toBe(200);

    await signOut(base, session.cookie);

    const overview = await page('/overview', session.cookie);
    expect(overview.status).toBeGreaterThanOrEqual(300);
    expect(overview.headers.get('location')).toMatch(/\/login/);
    expect((await me(session.cookie)).status).toBe(401);
    // Another session of the same person, signed in elsewhere, goes on.
    const other = await signIn(base, { email: tenant.email, password: PASSWORD });
    expect((await page('/overview', other.cookie)).status).toBe(200);
  });

  it('ends an operator session: the operator area refuses the old cookie', async () => {
    const session = await signIn(base, { key: adminKey() }, { provider: 'operator' });
    expect(session.ok).toBe(true);
    expect((await page('/operator/outbox', session.cookie)).status).toBe(200);

    await signOut(base, session.cookie);

    const outbox = await page('/operator/outbox', session.cookie);
    expect(outbox.status).toBeGreaterThanOrEqual(300);
    expect(outbox.headers.get('location')).toMatch(/\/operator\/login/);
  });
});
