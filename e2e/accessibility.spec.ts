import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { redeemBuyer } from './buyers';
import { E2E_ADMIN_KEY } from './env';
import {
  chooseLanguage,
  createTenant,
  expect,
  signIn,
  signInAsOperator,
  snapshot,
  test,
  type TestTenant,
} from './helpers';

// Every console page in both languages, checked by axe for WCAG 2.1 A/AA; a serious or critical finding fails.
// One test per audience and language reuses its page; each page leaves a full-page screenshot.
const LOCALES = ['en', 'zh-CN'] as const;
type Locale = (typeof LOCALES)[number];
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa'];

async function api<T>(request: APIRequestContext, key: string, method: 'GET' | 'POST', path: string, data?: unknown) {
  const res = await request.fetch(`/api${path}`, { method, headers: { 'X-API-Key': key }, ...(data ? { data } : {}) });
  const body = (await res.json()) as T & { error?: string };
  expect(res.status(), `${method} ${path}: ${body.error}`).toBe(200);
  return body;
}

/** A tenant with a member, a finished job, an own template and a claim code, so lists and detail pages have rows. */
async function furnishedTenant(request: APIRequestContext) {
  const tenant = await createTenant(request, { credits: 2000 });
  await api(request, tenant.apiKey, 'POST', '/tenant-accounts', {
    action: 'create',
    email: `member-${Date.now()}@e2e.studio.test`,
    nickname: '设计师小王',
  });
  const { template } = await api<{ template: { id: string } }>(request, tenant.apiKey, 'POST', '/templates', {
    type: 'image',
    zh_name: '春日海报 A11Y',
    prompt_template: '春日花束主题海报，{主题}，柔和自然光',
    description: '店铺专属的春日海报模板',
  });
  const { jobId } = await api<{ jobId: string }>(request, tenant.apiKey, 'POST', '/generate', {
    prompt: '一只在竹林里喝茶的熊猫',
    ratio: '1:1',
    quality: 'low',
  });
  await expect
    .poll(
      async () =>
        (await api<{ job: { status: string } }>(request, tenant.apiKey, 'GET', `/jobs?id=${jobId}`)).job.status,
      {
        timeout: 60_000,
      },
    )
    .toBe('done');
  const platform = await api<{ templates: { id: string; gated: boolean }[] }>(
    request,
    tenant.apiKey,
    'GET',
    '/templates?type=image&source=platform',
  );
  const open = platform.templates.find((t) => !t.gated);
  if (!open) throw new Error('the catalogue needs an open image template');
  const { code } = await api<{ code: string }>(request, tenant.apiKey, 'POST', '/tenant-claims', {
    template_ids: [template.id, open.id],
    credits: 20,
  });
  return { tenant, jobId, templateId: template.id, code };
}

/** Opens a page, waits for it to settle, runs axe and keeps a screenshot; findings are collected, not thrown. */
async function audit(page: Page, path: string, shot: string, findings: string[]): Promise<void> {
  await page.goto(path);
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  for (const v of results.violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical') continue;
    const targets = v.nodes.map((n) => n.target.join(' ')).join(' | ');
    findings.push(`${path}: ${v.id} (${v.impact}) at ${targets}`);
  }
  await snapshot(page, `test-results/a11y/${shot}.png`);
}

async function auditAll(page: Page, audience: string, locale: Locale, paths: string[]): Promise<void> {
  const findings: string[] = [];
  for (const path of paths) {
    const name = path.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-') || 'home';
    await audit(page, path, `${audience}-${locale}-${name}`, findings);
  }
  expect.soft(findings, `serious or critical axe violations (${audience}, ${locale})`).toEqual([]);
}

/** Signs in with the English form, then switches the browser to the language under test. */
async function signedIn(context: BrowserContext, locale: Locale, signInWith: () => Promise<void>) {
  await context.clearCookies({ name: 'studio_locale' });
  await signInWith();
  await chooseLanguage(context, locale);
}

for (const locale of LOCALES) {
  test.describe(`accessibility in ${locale}`, () => {
    test('the tenant console, the public pages and the claim page', async ({ page, context, request }) => {
      test.setTimeout(600_000);
      const { tenant, jobId, templateId, code } = await furnishedTenant(request);
      await chooseLanguage(context, locale);
      await auditAll(page, 'public', locale, ['/login', '/login/forgot', '/login/sso', `/claim/${code}`, '/docs']);
      const group = await page.locator('a[href^="/docs/"]').first().getAttribute('href');
      await signedIn(context, locale, async () => {
        await signIn(page, tenant.email, tenant.password);
        await expect(page).toHaveURL(/\/overview$/);
      });
      await auditAll(page, 'tenant', locale, [
        ...(group ? [group] : []),
        '/overview',
        '/playground',
        '/jobs',
        `/jobs/${jobId}`,
        '/webhooks',
        '/reading',
        '/image-template',
        '/videos',
        '/chat',
        '/skills',
        '/templates?type=video&source=platform',
      ]);
      // A platform video template's page, found in the video store just checked.
      const video = await page.locator('a[href^="/templates/video/"]').first().getAttribute('href');
      await auditAll(page, 'tenant', locale, [
        ...(video ? [video] : []),
        '/templates',
        `/templates/${templateId}`,
        '/templates/new',
        '/articles',
        '/members',
        '/claims',
        '/pipelines',
        '/usage',
        '/calls',
        '/uploads',
        '/account',
        '/sso',
      ]);
    });

    test('the buyer console', async ({ page, context, request }) => {
      test.setTimeout(300_000);
      const buyer = await redeemBuyer(request);
      await signedIn(context, locale, async () => {
        await signIn(page, buyer.email, buyer.password);
        await expect(page).toHaveURL(/\/overview$/);
      });
      await auditAll(page, 'buyer', locale, ['/overview', '/templates', '/playground', '/jobs', '/account']);
    });

    test('the operator area', async ({ page, context, request }) => {
      test.setTimeout(420_000);
      const tenant: TestTenant = await createTenant(request);
      await chooseLanguage(context, locale);
      await auditAll(page, 'operator', locale, ['/operator/login']);
      await signedIn(context, locale, async () => {
        await signInAsOperator(page, E2E_ADMIN_KEY);
        await expect(page).toHaveURL(/\/operator$/);
      });
      await auditAll(page, 'operator', locale, [
        '/operator',
        '/operator/tenants',
        `/operator/tenants/${tenant.id}`,
        '/operator/upstreams/sim-image-c',
        '/operator/upstreams/new',
        '/operator/usage',
        '/operator/audit',
        '/operator/claims',
        '/operator/outbox',
        '/operator/skills',
      ]);
    });
  });
}
