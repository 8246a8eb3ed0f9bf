import { randomBytes } from 'node:crypto';
import { expect, test as base, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { E2E_ADMIN_KEY, E2E_BASE_URL } from './env';

export interface TestTenant {
  id: string;
  name: string;
  apiKey: string;
  email: string;
  password: string;
  credits: number;
  quotaMonthly: number;
}

interface TenantCreateAnswer {
  ok: boolean;
  tenant?: { id: string; name: string };
  api_key?: string;
  error?: string;
}

/** Creates a tenant with a console login through the operator REST API. */
export async function createTenant(
  request: APIRequestContext,
  options: { name?: string; credits?: number; quotaMonthly?: number } = {},
): Promise<TestTenant> {
  const suffix = randomBytes(4).toString('hex');
  const name = options.name ?? '测试工作室 E2E';
  const credits = options.credits ?? 1234;
  const quotaMonthly = options.quotaMonthly ?? 5000;
  const email = `admin-${suffix}@e2e.studio.test`;
  const password = `pw-${randomBytes(8).toString('hex')}`;

  const res = await request.post('/api/admin', {
    headers: { 'X-API-Key': E2E_ADMIN_KEY },
    data: {
      action: 'tenant-create',
      name,
      credits,
      quota_monthly: quotaMonthly,
      admin_email: email,
      admin_password: password,
    },
  });
  const body = (await res.json()) as TenantCreateAnswer;
  expect(res.status(), body.error).toBe(200);
  if (!body.ok || !body.tenant || !body.api_key) throw new Error(`tenant-create failed: ${JSON.stringify(body)}`);
  return { id: body.tenant.id, name: body.tenant.name, apiKey: body.api_key, email, password, credits, quotaMonthly };
}

/** Adds (or with a negative delta, removes) tenant credits as the operator. */
export async function adjustCredits(request: APIRequestContext, tenantId: string, delta: number): Promise<number> {
  const res = await request.post('/api/admin', {
    headers: { 'X-API-Key': E2E_ADMIN_KEY },
    data: { action: 'tenant-credit', tenant_id: tenantId, credits: delta, note: 'e2e' },
  });
  const body = (await res.json()) as { ok: boolean; credits?: number; error?: string };
  expect(res.status(), body.error).toBe(200);
  if (typeof body.credits !== 'number') throw new Error(`tenant-credit failed: ${JSON.stringify(body)}`);
  return body.credits;
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Chooses the console's language for this browser, as the language switch does (the `studio_locale` cookie). */
export async function chooseLanguage(context: BrowserContext, locale: 'zh-CN' | 'en'): Promise<void> {
  await context.addCookies([{ name: 'studio_locale', value: locale, url: E2E_BASE_URL }]);
}

/** Signs in on the operator area's key page (break-glass, kept open for the tests) with a key (the right one or not). */
export async function signInAsOperator(page: Page, key: string): Promise<void> {
  await page.goto('/operator/login/key');
  await page.getByLabel('Super-administrator key').fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Fails when the page scrolls sideways (something is wider than the viewport). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'no sideways scrolling').toBeLessThanOrEqual(0);
}

/**
 * The tag of tests that change the shared simulator's behaviour for every caller (an image, chat or video
 * channel made slow): the config runs them in a project of their own after all others, so no other test
 * meets the slow channel.
 */
export const SIM_WIDE = { tag: '@sim-wide' };

/**
 * Screenshots for people to look at (a walk's pages as a visitor sees them). Taken by default on a
 * developer's machine; CI, where nobody opens them, takes them only with E2E_SCREENSHOTS=1 (a full-page
 * screenshot costs the browser one to four seconds of CPU).
 */
export const screenshotsWanted = (process.env.E2E_SCREENSHOTS ?? (process.env.CI ? '0' : '1')) === '1';

/** A full-page screenshot from the top, so sticky headers sit where a visitor sees them. */
export async function snapshot(page: Page, path: string): Promise<void> {
  if (!screenshotsWanted) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path, fullPage: true });
}

/** A screenshot of what the viewport shows (a menu open, a dialog), taken when screenshots are wanted. */
export async function viewShot(page: Page, path: string): Promise<void> {
  if (screenshotsWanted) await page.screenshot({ path });
}

/** Browser console errors a test expects, each matched against "<text> <resource URL>". */
export interface ExpectedConsoleErrors {
  patterns: RegExp[];
}

/**
 * A page that fails the test on any browser console error or uncaught exception. Chrome logs every
 * 4xx answer as a console error, so tests that provoke one on purpose list it in `expectedConsoleErrors`.
 */
export const test = base.extend<{ page: Page; expectedConsoleErrors: ExpectedConsoleErrors }>({
  expectedConsoleErrors: [{ patterns: [] }, { option: true }],
  page: async ({ page, expectedConsoleErrors }, use) => {
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() !== 'error') return;
      const seen = `${msg.text()} ${msg.location().url}`;
      if (!expectedConsoleErrors.patterns.some((re) => re.test(seen))) problems.push(`console: ${msg.text()}`);
    });
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    await use(page);
    expect(problems, 'browser console errors').toEqual([]);
  },
});

export { expect };
