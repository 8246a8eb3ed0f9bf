import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminKey, api, newTenant, upload } from '../helpers/api';
import { startStudio, type StudioServer } from '../helpers/api-server';
import { sample } from '../helpers/media-samples';
import { PASSWORD, signIn, tenantWithLogin, uniqueEmail } from '../helpers/console-session';

const EVIL = 'https://evil.example';
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

describe('console API: cross-site requests with the session cookie', () => {
  let base: string;
  let tenant: { key: string; email: string };
  let cookie: string;

  const secret = async () => (await api<{ secret: string }>('/webhook-secret', { key: tenant.key })).body.secret;
  const rotate = (headers: Record<string, string>, body: BodyInit) =>
    fetch(`${base}/api/trpc/callbacks.rotate`, { method: 'POST', headers: { cookie, ...headers }, body });
  const multipart = () => {
    const form = new FormData();
    form.set('anything', 'x');
    return form;
  };

  beforeAll(async () => {
    base = inject('apiBase');
    const email = uniqueEmail('csrf');
    tenant = { ...(await newTenant({ email, password: PASSWORD })), email };
    const signedIn = await signIn(base, { email, password: PASSWORD });
    expect(signedIn.ok).toBe(true);
    cookie = signedIn.cookie;
  });

  it('refuses a multipart form or plain text from another site, and the webhook secret stays', async () => {
    const before = await secret();
    const foreign: Record<string, string>[] = [
      { origin: EVIL },
      { origin: EVIL, 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'null' },
    ];
    for (const headers of foreign) {
      const res = await rotate(headers, multipart());
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(await res.json()).toMatchObject({
        ok: false,
        code: 'FORBIDDEN',
        error: expect.stringMatching(/Cross-site request refused/),
      });
    }
    const text = await rotate({ origin: EVIL, 'content-type': 'text/plain' }, '{}');
    expect(text.status).toBe(403);
    // From the site itself (or with no browser headers at all), a non-JSON body is still refused.
    const own: Record<string, string>[] = [{ origin: base, 'sec-fetch-site': 'same-origin' }, {}];
    for (const headers of own) {
      const res = await rotate(headers, multipart());
      expect(res.status, JSON.stringify(headers)).toBe(415);
      expect(await res.json()).toMatchObject({ ok: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
    const plain = await rotate({ origin: base, 'content-type': 'text/plain' }, '{}');
    expect(plain.status).toBe(415);
    expect(await secret()).toBe(before);
  });

  it('refuses JSON from another site, and the webhook secret stays', async () => {
    const before = await secret();
    const foreign: Record<string, string>[] = [
      { origin: EVIL },
      { origin: 'http://127.0.0.1.evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of foreign) {
      const res = await rotate({ ...headers, 'content-type': 'application/json' }, '{}');
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(await res.json()).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    }
    expect(await secret()).toBe(before);
  });

  it('believes no X-Forwarded-Host from a caller that is not a configured proxy', async () => {
    const before = await secret();
    const evilHost = new URL(EVIL).host;
    const res = await rotate(
      { origin: EVIL, 'x-forwarded-host': evilHost, 'x-forwarded-proto': 'https', 'content-type': 'application/json' },
      '{}',
    );
    expect(res.status).toBe(403);
    const action = await fetch(`${base}/account`, {
      method: 'POST',
      headers: { cookie, origin: EVIL, 'x-forwarded-host': evilHost, 'next-action': 'c'.repeat(42) },
      body: '[]',
    });
    expect(action.status).toBe(403);
    // Redirects name Studio's own address, never the one a caller claims.
    for (const path of ['/overview', '/operator', '/login?next=%2Fjobs']) {
      const page = await fetch(`${base}${path}`, {
        headers: { 'x-forwarded-host': evilHost, 'x-forwarded-proto': 'https', forwarded: `host=${evilHost}` },
        redirect: 'manual',
      });
      expect(page.status, path).toBeLessThan(500);
      expect(page.headers.get('location') ?? '', path).not.toContain(evilHost);
      expect(await page.text(), path).not.toContain(evilHost);
    }
    expect(await secret()).toBe(before);
  });

  it("takes the console's own JSON call", async () => {
    const before = await secret();
    const res = await rotate(
      { origin: base, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
      '{}',
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { result: { data: { secret: string } } };
    expect(body.result.data.secret).not.toBe(before);
    expect(await secret()).toBe(body.result.data.secret);
    // Reads are not writes: a query with the cookie is answered (the browser keeps the answer from another site).
    const me = await fetch(`${base}/api/trpc/session.me`, { headers: { cookie, origin: EVIL } });
    expect(me.status).toBe(200);
  });

  it('leaves key callers alone, whatever Origin they send', async () => {
    const before = await secret();
    const viaTrpc = await fetch(`${base}/api/trpc/callbacks.rotate`, {
      method: 'POST',
      headers: {
        'x-api-key': tenant.key,
        origin: EVIL,
        'sec-fetch-site': 'cross-site',
        'content-type': 'application/json',
      },
      body: '{}',
    });
    expect(viaTrpc.status).toBe(200);
    const rest = await api<{ secret: string }>('/webhook-secret', {
      key: tenant.key,
      body: {},
      headers: { origin: EVIL },
    });
    expect(rest.status).toBe(200);
    expect(rest.body.secret).not.toBe(before);
    const png = await sample('png');
    expect((await upload(base, tenant.key, png)).status).toBe(200);
  });

  it("refuses the console upload's multipart form from another site", async () => {
    const png = await sample('png');
    const send = (origin: string) => {
      const form = new FormData();
      form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'x.png');
      return fetch(`${base}/api/upload-ref`, { method: 'POST', headers: { cookie, origin }, body: form });
    };
    const refused = await send(EVIL);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect((await send(base)).status).toBe(200);
  });
});

describe('security headers', () => {
  let base: string;
  let cookie: string;
  let tenantKey: string;

  beforeAll(async () => {
    base = inject('apiBase');
    const email = uniqueEmail('headers');
    tenantKey = (await newTenant({ email, password: PASSWORD })).key;
    cookie = (await signIn(base, { email, password: PASSWORD })).cookie;
  });

  const expectBase = (res: Response, what: string) => {
    expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
    expect(res.headers.get('x-frame-options'), what).toBe('DENY');
    expect(res.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
    // Served over http here: no HSTS (the https server below sends it).
    expect(res.headers.get('strict-transport-security'), what).toBeNull();
  };

  /** A page: base headers, a policy with a fresh nonce, and that nonce on every script of the HTML. */
  async function expectPage(path: string, headers: Record<string, string> = {}, status = 200) {
    const res = await fetch(`${base}${path}`, { headers, redirect: 'manual' });
    expect(res.status, path).toBe(status);
    expectBase(res, path);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp, path).toMatch(/frame-ancestors 'none'/);
    expect(csp, path).toMatch(/object-src 'none'/);
    expect(csp, path).toMatch(/base-uri 'self'/);
    const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)' 'strict-dynamic'/.exec(csp)?.[1];
    expect(nonce, `${path}: ${csp}`).toBeTruthy();
    expect(csp, path).not.toMatch(/unsafe-eval/);
    const html = await res.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length, path).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag, path).toContain(`nonce="${nonce}"`);
    return nonce;
  }

  it('on the login page, with a new nonce each time', async () => {
    const first = await expectPage('/login');
    const second = await expectPage('/login');
    expect(first).not.toBe(second);
    await expectPage('/operator/login');
  });

  it('on the public claim page, found or not', async () => {
    const template = await api<{ template: { id: string } }>('/templates', {
      key: tenantKey,
      body: { type: 'image', zh_name: '海报', prompt_template: '画一张{主题}海报' },
    });
    const claim = await api<{ code: string }>('/tenant-claims', {
      key: tenantKey,
      body: { template_ids: [template.body.template.id], credits: 5 },
    });
    expect(claim.status).toBe(200);
    await expectPage(`/claim/${claim.body.code}`);
    await expectPage('/claim/x', {}, 404);
  });

  it('on console pages and the API reference', async () => {
    await expectPage('/overview', { cookie });
    await expectPage('/uploads', { cookie });
    await expectPage('/docs');
  });

  it('on API answers: nosniff and a policy that allows nothing', async () => {
    for (const [path, init] of [
      ['/api/balance', { headers: { 'x-api-key': tenantKey } }],
      ['/api/balance', {}],
      ['/api/no-such-endpoint', {}],
      ['/api/trpc/session.me', { headers: { cookie } }],
    ] as const) {
      const res = await fetch(`${base}${path}`, init);
      expectBase(res, path);
      expect(res.headers.get('content-type'), path).toMatch(/application\/json/);
      expect(res.headers.get('content-security-policy'), path).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  it('on stored files: nosniff and a sandbox with no sources', async () => {
    const up = await upload(base, tenantKey, await sample('png'));
    expect(up.status).toBe(200);
    for (const path of [new URL(up.body.url).pathname, '/files/no/such/file.png']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(path.includes('no/such') ? 404 : 200);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('content-security-policy'), path).toBe("default-src 'none'; sandbox");
    }
  });
});

describe('behind an https address, with the edge naming the caller (a second server)', () => {
  let server: StudioServer;
  let n = 0;
  /** A fresh caller address; the edge appends it last, after whatever the caller claimed. */
  const address = (claimed = '10.0.0.1') => `${claimed}, 203.0.113.${(n += 1)}`;

  beforeAll(async () => {
    server = await startStudio({
      PUBLIC_BASE_URL: 'https://studio.example.test',
      STUDIO_CLIENT_IP_HEADER: 'x-forwarded-for',
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('sets the session cookie Secure (with the __Secure- name) and sends HSTS', async () => {
    const t = await tenantWithLogin(server.base);
    const signedIn = await signIn(server.base, { email: t.email, password: PASSWORD }, { address: address() });
    expect(signedIn.ok).toBe(true);
    expect(signedIn.setCookies[0]).toMatch(/^__Secure-authjs\.session-token=/);
    expect(signedIn.setCookies[0]).toMatch(/;\s*Secure/i);
    expect(signedIn.setCookies[0]).toMatch(/;\s*HttpOnly/i);
    for (const path of ['/login', '/api/balance']) {
      const res = await fetch(`${server.base}${path}`);
      expect(res.headers.get('strict-transport-security'), path).toMatch(/max-age=\d+/);
    }
    expect((await fetch(`${server.base}/login`)).headers.get('content-security-policy')).toMatch(
      /upgrade-insecure-requests/,
    );
    // The console works when the browser reached it either way: by the public address or the Host it sent.
    for (const origin of ['https://studio.example.test', server.base]) {
      const res = await fetch(`${server.base}/api/trpc/callbacks.rotate`, {
        method: 'POST',
        headers: { cookie: signedIn.cookie, origin, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(res.status, origin).toBe(200);
    }
    // And the plain http server's cookie is not Secure.
    const email = uniqueEmail('plain');
    await newTenant({ email, password: PASSWORD });
    const plain = await signIn(inject('apiBase'), { email, password: PASSWORD });
    expect(plain.setCookies[0]).toMatch(/^authjs\.session-token=/);
    expect(plain.setCookies[0]).not.toMatch(/;\s*Secure/i);
  });

  it('locks an account after 5 failures: the right password is refused too, and an unknown email is treated alike', async () => {
    const t = await tenantWithLogin(server.base);
    const ghost = uniqueEmail('nobody');
    for (const email of [t.email, ghost]) {
      for (let i = 0; i < 5; i++) {
        const wrong = await signIn(server.base, { email, password: `guess-${i}` }, { address: address() });
        expect(wrong, `${email} attempt ${i + 1}`).toMatchObject({ ok: false, code: 'invalid_credentials' });
      }
      // From yet another address, and with the right password: still refused, without a session.
      const locked = await signIn(server.base, { email, password: PASSWORD }, { address: address() });
      expect(locked, email).toMatchObject({ ok: false, code: 'too_many_attempts' });
    }
    // Other accounts sign in as usual.
    const other = await tenantWithLogin(server.base);
    expect((await signIn(server.base, { email: other.email, password: PASSWORD }, { address: address() })).ok).toBe(
      true,
    );
    // The page next-auth sends the refusal to says so.
    const page = await fetch(`${server.base}/login?error=CredentialsSignin&code=too_many_attempts`);
    expect(await page.text()).toContain('Too many sign-in attempts');
  });

  it('a success clears the count: five more failures are allowed before the lock', async () => {
    const t = await tenantWithLogin(server.base);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++)
        expect((await signIn(server.base, { email: t.email, password: 'nope' }, { address: address() })).code).toBe(
          'invalid_credentials',
        );
      expect(
        (await signIn(server.base, { email: t.email, password: PASSWORD }, { address: address() })).ok,
        `round ${round}`,
      ).toBe(true);
    }
  });

  it('locks an address that tries many accounts, whatever it claims to be; other addresses are unaffected', async () => {
    const t = await tenantWithLogin(server.base);
    const sprayer = '198.51.100.77';
    for (let i = 0; i < 30; i++) {
      const res = await signIn(
        server.base,
        { email: uniqueEmail('spray'), password: 'password1' },
        { address: `10.9.9.${i}, ${sprayer}` },
      );
      expect(res.code, `attempt ${i + 1}`).toBe('invalid_credentials');
    }
    const blocked = await signIn(
      server.base,
      { email: t.email, password: PASSWORD },
      { address: `10.0.0.${n}, ${sprayer}` },
    );
    expect(blocked).toMatchObject({ ok: false, code: 'too_many_attempts' });
    expect((await signIn(server.base, { email: t.email, password: PASSWORD }, { address: address() })).ok).toBe(true);
  }, 90_000);

  it('throttles the operator key sign-in per address', async () => {
    const from = address();
    for (let i = 0; i < 10; i++) {
      const wrong = await signIn(
        server.base,
        { key: `sk-studio-wrong${i}aaaaaaaaaaaaaaaaaaaaaaaaa` },
        { provider: 'operator', address: from },
      );
      expect(wrong.code, `attempt ${i + 1}`).toBe('invalid_credentials');
    }
    const locked = await signIn(server.base, { key: adminKey() }, { provider: 'operator', address: from });
    expect(locked).toMatchObject({ ok: false, code: 'too_many_attempts' });
    expect((await signIn(server.base, { key: adminKey() }, { provider: 'operator', address: address() })).ok).toBe(
      true,
    );
  });

  it('takes about as long to refuse an unknown email as a known one with a wrong password', async () => {
    const known = await Promise.all(Array.from({ length: 7 }, () => tenantWithLogin(server.base)));
    // Warm both paths once (the first unknown email also prepares the stand-in hash).
    await signIn(server.base, { email: uniqueEmail('warm'), password: 'x' }, { address: address() });
    await signIn(server.base, { email: known[0]?.email ?? '', password: 'x' }, { address: address() });
    const knownMs: number[] = [];
    const unknownMs: number[] = [];
    for (const t of known) {
      knownMs.push(
        (await signIn(server.base, { email: t.email, password: 'wrong password' }, { address: address() })).ms,
      );
      unknownMs.push(
        (await signIn(server.base, { email: uniqueEmail('ghost'), password: 'wrong password' }, { address: address() }))
          .ms,
      );
    }
    const ratio = median(unknownMs) / median(knownMs);
    // Before, an unknown email was refused in a few ms against ~100+ ms (a password hash) for a known one.
    expect(
      ratio,
      `known ${knownMs.map(Math.round).join(',')} ms; unknown ${unknownMs.map(Math.round).join(',')} ms`,
    ).toBeGreaterThan(0.5);
  });
});
