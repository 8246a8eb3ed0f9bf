import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '@/server/config';
import { auditLog, consoleUsers, ssoConfigs } from '@/server/db/schema';
import { OPERATOR } from '@/server/domain/auth/identity';
import { beginSso, finishSso, issueSsoTicket, redeemSsoTicket } from '@/server/domain/auth/sso/flow';
import { findSsoTenant, readSsoSettings, saveSsoSettings, type SsoInput } from '@/server/domain/auth/sso/settings';
import { createTenant } from '@/server/domain/tenants/tenants';
import { startOidcProvider, signInAtProvider, type TestProvider } from '../helpers/oidc-provider';
import { freePort } from '../../scripts/free-port';
import { suiteDatabase } from '../helpers/suite-db';
import { testConfig } from '../helpers/test-db';

const t = suiteDatabase();
const REDIRECT = 'http://studio.test/login/sso/callback';
let config: Config;
let provider: TestProvider;
let n = 0;

beforeAll(async () => {
  config = testConfig();
  // A free port: the suite runs on both databases side by side in CI, each with its own provider.
  provider = await startOidcProvider({
    port: await freePort(),
    redirectUris: [REDIRECT],
    people: {
      ada: { email: 'Ada@Acme.example', emailVerified: true },
      bo: { email: 'bo@bo.example', emailVerified: true },
      unverified: { email: 'cy@refusals.example', emailVerified: false },
      outsider: { email: 'dee@elsewhere.example', emailVerified: true },
      other: { email: 'owner@taken.example', emailVerified: true },
      eve: { email: 'eve@state.example', emailVerified: true },
    },
  });
});
afterAll(async () => {
  await provider?.close();
});

const deps = () => ({ db: t.db, config });

/** A tenant with an administrator `admin@<domain>` and single sign-on through the test provider. */
async function ssoTenant(domain: string, overrides: Partial<SsoInput> = {}) {
  n += 1;
  const { tenant } = await createTenant(deps(), OPERATOR, {
    name: `SSO ${n}`,
    credits: 0,
    quota_monthly: 0,
    admin_email: `admin@${domain}`,
    admin_password: 'local-password-1',
  });
  const saved = await saveSsoSettings(deps(), tenant.id, {
    slug: `acme-${n}`,
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    domains: domain,
    createAccounts: false,
    enabled: true,
    ...overrides,
  });
  expect(saved).toEqual({ ok: true });
  return { tenantId: tenant.id, slug: overrides.slug ?? `acme-${n}` };
}

/** Signs `login` in at the provider from the tenant's sign-in link and brings the answer back to Studio. */
async function signIn(slug: string, login: string) {
  const tenant = await findSsoTenant(deps(), { slug });
  if (!tenant) throw new Error('no single sign-on');
  const { url, attempt } = await beginSso(deps(), tenant, { redirectUri: REDIRECT, next: '/keys' });
  const callbackUrl = await signInAtProvider(url, login, REDIRECT);
  return { url, attempt, callbackUrl };
}

describe('single sign-on with a local OpenID provider', () => {
  it('sends the browser with PKCE (S256), state and nonce, and signs an existing tenant admin in by verified e-mail', async () => {
    const { tenantId, slug } = await ssoTenant('acme.example');
    await t.db.update(consoleUsers).set({ email: 'ada@acme.example' }).where(eq(consoleUsers.tenantId, tenantId));
    const { url, attempt, callbackUrl } = await signIn(slug, 'ada');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('scope')).toBe('openid email');
    expect(callbackUrl.searchParams.get('code')).toBeTruthy();

    const outcome = await finishSso(deps(), { attempt, callbackUrl, redirectUri: REDIRECT });
    expect(outcome).toMatchObject({ ok: true, created: false, next: '/keys' });
    if (!outcome.ok) throw new Error('refused');
    expect(outcome.user).toMatchObject({ email: 'ada@acme.example', kind: 'tenant_admin', tenantId });

    // The ticket that carries it to the session lets the same person in, once the account is unchanged.
    const ticket = issueSsoTicket(config.secret, outcome.user);
    expect(await redeemSsoTicket(deps(), ticket)).toMatchObject({ id: outcome.user.id });
    expect(await redeemSsoTicket(deps(), ticket, Date.now() + 61_000)).toBeNull();
    expect(await redeemSsoTicket(deps(), `${ticket.slice(0, -4)}AAAA`)).toBeNull();

    // The code is spent: the same answer brought back again is refused by the provider.
    expect(await finishSso(deps(), { attempt, callbackUrl, redirectUri: REDIRECT })).toEqual({
      ok: false,
      refused: 'provider',
    });
  });

  it('creates a tenant admin on first sign-in only when the tenant allows it', async () => {
    const { tenantId, slug } = await ssoTenant('bo.example', { slug: 'bo-off', createAccounts: false });
    const refused = await signIn(slug, 'bo');
    expect(await finishSso(deps(), { ...refused, redirectUri: REDIRECT })).toEqual({
      ok: false,
      refused: 'no_account',
    });
    expect(await t.db.select().from(consoleUsers).where(eq(consoleUsers.email, 'bo@bo.example'))).toHaveLength(0);

    await t.db.update(ssoConfigs).set({ createAccounts: true }).where(eq(ssoConfigs.tenantId, tenantId));
    const allowed = await signIn(slug, 'bo');
    const outcome = await finishSso(deps(), { ...allowed, redirectUri: REDIRECT });
    expect(outcome).toMatchObject({ ok: true, created: true, user: { email: 'bo@bo.example', tenantId } });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'sso.account_created'));
    expect(audit.map((a) => a.tenantId)).toContain(tenantId);

    // The second time it is the same account.
    const again = await signIn(slug, 'bo');
    expect(await finishSso(deps(), { ...again, redirectUri: REDIRECT })).toMatchObject({ ok: true, created: false });
  });

  it('refuses an unverified e-mail, a domain the tenant does not allow, and another tenant’s account', async () => {
    const { slug } = await ssoTenant('refusals.example', { slug: 'refusals', createAccounts: true });
    const unverified = await signIn(slug, 'unverified');
    expect(await finishSso(deps(), { ...unverified, redirectUri: REDIRECT })).toEqual({
      ok: false,
      refused: 'unverified',
    });
    const outsider = await signIn(slug, 'outsider');
    expect(await finishSso(deps(), { ...outsider, redirectUri: REDIRECT })).toEqual({ ok: false, refused: 'domain' });

    // taken.example is allowed here, but its e-mail is the administrator of another tenant.
    await createTenant(deps(), OPERATOR, {
      name: 'Other',
      credits: 0,
      quota_monthly: 0,
      admin_email: 'owner@taken.example',
      admin_password: 'local-password-1',
    });
    await ssoTenant('taken.example', { slug: 'mine', createAccounts: true });
    const crossing = await signIn('mine', 'other');
    expect(await finishSso(deps(), { ...crossing, redirectUri: REDIRECT })).toEqual({
      ok: false,
      refused: 'not_member',
    });
  });

  it('refuses an answer whose state is not the attempt’s, or with no attempt at all', async () => {
    const { slug } = await ssoTenant('state.example', { slug: 'state-check', createAccounts: true });
    const { attempt, callbackUrl } = await signIn(slug, 'eve');
    const forged = new URL(callbackUrl);
    forged.searchParams.set('state', 'not-the-state');
    expect(await finishSso(deps(), { attempt, callbackUrl: forged, redirectUri: REDIRECT })).toEqual({
      ok: false,
      refused: 'state',
    });
    expect(await finishSso(deps(), { attempt: undefined, callbackUrl, redirectUri: REDIRECT })).toEqual({
      ok: false,
      refused: 'state',
    });
    // Another attempt's cookie (its own state) does not fit this answer either.
    const second = await signIn(slug, 'eve');
    expect(await finishSso(deps(), { attempt: second.attempt, callbackUrl, redirectUri: REDIRECT })).toEqual({
      ok: false,
      refused: 'state',
    });
    // An expired attempt is refused.
    expect(
      await finishSso(deps(), { attempt, callbackUrl, redirectUri: REDIRECT, nowMs: Date.now() + 11 * 60_000 }),
    ).toEqual({ ok: false, refused: 'state' });
  });
});

describe('single sign-on settings', () => {
  it('checks the issuer by its discovery document and keeps the client secret encrypted', async () => {
    const { tenantId } = await ssoTenant('settings.example', { slug: 'settings' });
    const view = await readSsoSettings(t.db, tenantId);
    expect(view).toEqual({
      slug: 'settings',
      issuer: provider.issuer,
      clientId: provider.clientId,
      hasSecret: true,
      domains: ['settings.example'],
      createAccounts: false,
      enabled: true,
    });
    const [row] = await t.db.select().from(ssoConfigs).where(eq(ssoConfigs.tenantId, tenantId));
    expect(row?.clientSecretCiphertext).not.toContain(provider.clientSecret);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.tenantId, tenantId));
    expect(audit).toMatchObject({ actor: 'tenant-console', action: 'sso.configure' });
    expect(JSON.stringify(audit)).not.toContain(provider.clientSecret);

    const base = {
      slug: 'settings',
      clientId: 'x',
      clientSecret: '',
      domains: 'settings.example',
      createAccounts: false,
      enabled: true,
    };
    // Nothing answers on this port: a clear refusal naming the issuer field.
    const unreachable = await saveSsoSettings(deps(), tenantId, { ...base, issuer: 'http://127.0.0.1:5249' });
    expect(unreachable).toMatchObject({ ok: false, refused: { field: 'issuer', rule: 'issuer_unreachable' } });
    expect(await saveSsoSettings(deps(), tenantId, { ...base, issuer: 'http://id.example.com' })).toMatchObject({
      ok: false,
      refused: { field: 'issuer', rule: 'issuer_invalid' },
    });
    expect(await saveSsoSettings(deps(), tenantId, { ...base, issuer: '' })).toMatchObject({
      ok: false,
      refused: { field: 'issuer', rule: 'platform_missing' },
    });
    expect(
      await saveSsoSettings(deps(), tenantId, { ...base, issuer: provider.issuer, domains: 'not a domain!' }),
    ).toMatchObject({
      ok: false,
      refused: { field: 'domains', rule: 'domains_invalid' },
    });
    expect(
      await saveSsoSettings(deps(), tenantId, { ...base, slug: 'Bad Slug', issuer: provider.issuer }),
    ).toMatchObject({
      ok: false,
      refused: { field: 'slug', rule: 'slug_invalid' },
    });
    // A domain belongs to one tenant; a slug too.
    const other = await ssoTenant('other-settings.example', { slug: 'other-settings' });
    expect(
      await saveSsoSettings(deps(), other.tenantId, {
        ...base,
        slug: 'other-settings',
        issuer: provider.issuer,
        clientSecret: 's',
        domains: 'settings.example',
      }),
    ).toMatchObject({ ok: false, refused: { field: 'domains', rule: 'domain_taken', detail: 'settings.example' } });
    expect(
      await saveSsoSettings(deps(), other.tenantId, {
        ...base,
        slug: 'settings',
        issuer: provider.issuer,
        clientSecret: 's',
        domains: 'other-settings.example',
      }),
    ).toMatchObject({ ok: false, refused: { field: 'slug', rule: 'slug_taken' } });
    // An empty secret keeps the stored one.
    expect(
      await saveSsoSettings(deps(), tenantId, { ...base, clientId: provider.clientId, issuer: provider.issuer }),
    ).toEqual({ ok: true });
    expect((await findSsoTenant(deps(), { domain: 'SETTINGS.example' }))?.clientSecret).toBe(provider.clientSecret);
  });

  it('uses the platform provider when the tenant names none, and finds nothing while switched off', async () => {
    const { tenantId } = await ssoTenant('platform.example', { slug: 'platform' });
    const withPlatform = {
      ...config,
      sso: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret },
    };
    const input = {
      slug: 'platform',
      issuer: '',
      clientId: '',
      clientSecret: '',
      domains: 'platform.example',
      createAccounts: true,
      enabled: true,
    };
    expect(await saveSsoSettings({ db: t.db, config: withPlatform }, tenantId, input)).toEqual({ ok: true });
    expect(await findSsoTenant({ db: t.db, config: withPlatform }, { slug: 'platform' })).toMatchObject({
      issuer: provider.issuer,
      clientSecret: provider.clientSecret,
    });
    expect(await findSsoTenant(deps(), { slug: 'platform' })).toBeNull();
    await saveSsoSettings({ db: t.db, config: withPlatform }, tenantId, { ...input, enabled: false });
    expect(await findSsoTenant({ db: t.db, config: withPlatform }, { slug: 'platform' })).toBeNull();
  });
});
