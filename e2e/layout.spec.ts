import type { Page } from '@playwright/test';
import { E2E_ADMIN_KEY } from './env';
import { chooseLanguage, createTenant, expect, signIn, signInAsOperator, test } from './helpers';
import { tabTo } from './keys';

/** Each visible search box whose placeholder is wider than the box's text area, by the box's own font. */
async function cutPlaceholders(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas').getContext('2d');
    if (!canvas) return ['no canvas'];
    const cut: string[] = [];
    for (const input of document.querySelectorAll<HTMLInputElement>('input[placeholder]')) {
      if (input.offsetParent === null || !input.placeholder) continue;
      const s = getComputedStyle(input);
      canvas.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
      const room = input.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
      if (canvas.measureText(input.placeholder).width > room + 1)
        cut.push(`${location.pathname}: “${input.placeholder}”`);
    }
    return cut;
  });
}

test('at 390 px every search box shows its whole placeholder, in both languages', async ({ page, request }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const tenant = await createTenant(request);
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);
  const cut: string[] = [];
  for (const locale of ['en', 'zh-CN'] as const) {
    await chooseLanguage(page.context(), locale);
    for (const path of [
      '/docs',
      '/templates',
      '/members',
      '/skills',
      '/articles',
      '/calls',
      '/claims',
      '/playground',
    ]) {
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible();
      if (path === '/playground') await page.getByRole('tab', { name: locale === 'en' ? 'Template' : '模板' }).click();
      cut.push(...(await cutPlaceholders(page)));
    }
  }
  await page.context().clearCookies({ name: 'studio_locale' });
  await signInAsOperator(page, E2E_ADMIN_KEY);
  await expect(page).toHaveURL(/\/operator$/);
  for (const locale of ['en', 'zh-CN'] as const) {
    await chooseLanguage(page.context(), locale);
    for (const path of ['/operator/tenants', '/operator/claims']) {
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible();
      cut.push(...(await cutPlaceholders(page)));
    }
  }
  expect(cut, 'placeholders cut off at 390 px').toEqual([]);
});

test('at 1440×900 the sidebar’s last link, the API reference, is reachable and visible above the user card', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const tenant = await createTenant(request);
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);
  const link = page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'API reference' });
  await tabTo(page, link);
  await expect(link).toBeInViewport({ ratio: 1 });
  // Nothing lies over it: the point at its centre belongs to the link.
  const onTop = await link.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && el.contains(hit);
  });
  expect(onTop, 'the API reference link is not covered').toBe(true);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/docs$/);
});
