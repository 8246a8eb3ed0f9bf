import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_ADMIN_KEY } from './env';
import { createTenant, expect, expectNoSidewaysScroll, signInAsOperator, snapshot, test } from './helpers';

test.use({ expectedConsoleErrors: { patterns: [/status of 400 \(Bad Request\) .*\/api\/trpc\/admin\.skillUpsert/] } });

interface SkillsAnswer {
  ok: boolean;
  skills: { slug: string; zh_name: string; fields: unknown }[];
}

/** What a tenant's key gets from GET /api/skills, and the raw text (to look for prompts in it). */
async function tenantSkills(request: APIRequestContext, apiKey: string): Promise<{ body: SkillsAnswer; text: string }> {
  const res = await request.get('/api/skills', { headers: { 'X-API-Key': apiKey } });
  expect(res.status()).toBe(200);
  const text = await res.text();
  return { body: JSON.parse(text) as SkillsAnswer, text };
}

/** Runs an action that writes a skill and waits for the server's answer. */
async function upserted(page: Page, action: () => Promise<void>): Promise<number> {
  const answer = page.waitForResponse(
    (res) => res.url().includes('/api/trpc/admin.skillUpsert') && res.request().method() === 'POST',
  );
  await action();
  return (await answer).status();
}

test('the operator creates, edits and deactivates a skill, and tenants see only active ones without prompts', async ({
  page,
  request,
}) => {
  const tenant = await createTenant(request);
  const slug = `e2e-skill-${randomBytes(4).toString('hex')}`;
  const name = `春日海报 ${slug.slice(-4)}`;
  const sentencePrompt = `E2E secret recipe ${slug}: a bright spring poster about {input}`;
  const formPrompt = `E2E secret form recipe ${slug}: poster of {product}, style {style}`;

  await signInAsOperator(page, E2E_ADMIN_KEY);
  await expect(page).toHaveURL(/\/operator$/);
  await page.getByRole('navigation', { name: 'Operator' }).getByRole('link', { name: 'Skills' }).click();
  await expect(page).toHaveURL(/\/operator\/skills$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Skills' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Skills' })).toHaveAttribute('aria-current', 'page');

  // The catalogue is listed with its origin explained.
  const table = page.getByTestId('skills-table');
  const white = table.locator('tr[data-skill="product-white-background"]');
  await expect(white).toContainText('电商白底主图');
  await expect(white).toContainText('One sentence');
  await expect(white).toContainText('Needs image');
  await expect(white.getByTestId('origin-product-white-background')).toHaveText(/catalog|operator/);
  await expect(page.getByTestId('origin-note')).toContainText('kept in step with its catalogue file');
  await expect(white.locator('img')).toHaveAttribute(
    'src',
    /^https?:\/\/.+\/thumbs\/skills\/product-white-background\.svg$/,
  );
  await snapshot(page, 'test-results/operator-skills.png');

  // Editing a catalogue skill warns before it becomes operator-owned; cancelling saves nothing.
  if ((await white.getByTestId('origin-product-white-background').textContent()) === 'catalog') {
    await white.getByRole('button', { name: 'Edit product-white-background' }).click();
    await expect(page.getByTestId('catalog-note')).toBeVisible();
    await expect(page.getByLabel('Prompt', { exact: true })).toHaveValue(/\{input\}/);
    await expect(page.getByTestId('prompt-slots')).toContainText('{input}');
    await page.getByRole('button', { name: 'Save skill' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make this an operator skill?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'All skills' }).click();
    await expect(white.getByTestId('origin-product-white-background')).toHaveText('catalog');
  }

  // A new one-sentence skill: the server refuses a prompt without {input}, and its text is shown.
  await page.getByRole('button', { name: 'New skill' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create a skill' })).toBeVisible();
  await page.getByRole('button', { name: 'Create skill' }).click();
  await expect(page.getByText('Give the skill a slug; callers pick it by this name.')).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Slug', { exact: true }).fill(slug);
  await page.getByLabel('Description', { exact: true }).fill('一句话生成一张春日促销海报。');
  await page.getByLabel('Genre', { exact: true }).fill('poster');
  await page.getByLabel('Aspect ratio', { exact: true }).fill('3:4');
  await page.getByLabel('Thumbnail', { exact: true }).fill('/thumbs/skills/product-white-background.svg');
  await page.getByLabel('Prompt', { exact: true }).fill(`E2E secret recipe ${slug}: a bright spring poster`);
  await expect(page.getByTestId('prompt-slots')).toContainText('Missing:');
  expect(await upserted(page, () => page.getByRole('button', { name: 'Create skill' }).click())).toBe(400);
  await expect(page.getByTestId('skill-save-error')).toContainText(
    'prompt: a one-sentence skill puts the sentence in {input}',
  );

  await page.getByLabel('Prompt', { exact: true }).fill(sentencePrompt);
  await expect(page.getByTestId('skill-save-error')).toBeHidden();
  await expect(page.getByTestId('prompt-slots')).not.toContainText('Missing:');
  expect(await upserted(page, () => page.getByRole('button', { name: 'Create skill' }).click())).toBe(200);
  await expect(page.getByRole('status')).toContainText(`Saved ${name} (${slug}).`);
  const row = table.locator(`tr[data-skill="${slug}"]`);
  await expect(row).toContainText(name);
  await expect(row.getByTestId(`kind-${slug}`)).toHaveText('One sentence');
  await expect(row.getByTestId(`origin-${slug}`)).toHaveText('operator');
  await expect(row.getByTestId(`state-${slug}`)).toHaveText('Active');

  const before = await tenantSkills(request, tenant.apiKey);
  const listed = before.body.skills.find((s) => s.slug === slug);
  expect(listed?.zh_name).toBe(name);
  expect(listed?.fields).toBeNull();
  expect(before.text).not.toContain('secret recipe');

  // Edit it into a form skill with two fields: a required one and an optional one with a default.
  await row.getByRole('button', { name: `Edit ${slug}` }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByLabel('Slug', { exact: true })).toBeDisabled();
  await page.getByRole('switch', { name: 'One sentence' }).click();
  const first = page.getByRole('group', { name: 'Field 1' });
  await expect(first.getByLabel('Key', { exact: true })).toBeFocused();
  await first.getByLabel('Key', { exact: true }).fill('product');
  await first.getByLabel('Label', { exact: true }).fill('商品');
  await page.getByRole('button', { name: 'Add field' }).click();
  const second = page.getByRole('group', { name: 'Field 2' });
  await second.getByLabel('Key', { exact: true }).fill('style');
  await second.getByLabel('Label', { exact: true }).fill('风格');
  await second.getByRole('switch', { name: 'Required' }).click();
  await second.getByLabel('Default', { exact: true }).fill('清新');
  await page.getByLabel('Prompt', { exact: true }).fill(formPrompt);
  await expect(page.getByTestId('prompt-slots')).toContainText('{product}');
  await expect(page.getByTestId('prompt-slots')).toContainText('{style}');
  await expect(page.getByTestId('prompt-slots')).not.toContainText('Missing:');
  await snapshot(page, 'test-results/operator-skill-editor.png');
  expect(await upserted(page, () => page.getByRole('button', { name: 'Save skill' }).click())).toBe(200);
  await expect(row.getByTestId(`kind-${slug}`)).toHaveText('Form (2 fields)');

  const edited = await tenantSkills(request, tenant.apiKey);
  expect(edited.body.skills.find((s) => s.slug === slug)?.fields).toEqual([
    { key: 'product', label: '商品' },
    { key: 'style', label: '风格', required: false, default: '清新' },
  ]);
  expect(edited.text).not.toContain('secret form recipe');

  // The saved form comes back into the editor as it was stored.
  await row.getByRole('button', { name: `Edit ${slug}` }).click();
  await expect(page.getByRole('switch', { name: 'One sentence' })).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByRole('group', { name: 'Field 2' }).getByLabel('Default', { exact: true })).toHaveValue('清新');
  await page.getByRole('button', { name: 'All skills' }).click();

  // Deactivate: kept in the operator's list, gone for tenants.
  const toggle = row.getByRole('switch', { name: `${slug} active` });
  expect(await upserted(page, () => toggle.click())).toBe(200);
  await expect(row.getByTestId(`state-${slug}`)).toHaveText('Inactive');
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await page.reload();
  await expect(table.locator(`tr[data-skill="${slug}"]`).getByTestId(`state-${slug}`)).toHaveText('Inactive');
  await expect(table.locator(`tr[data-skill="${slug}"]`).getByTestId(`kind-${slug}`)).toHaveText('Form (2 fields)');

  const after = await tenantSkills(request, tenant.apiKey);
  expect(after.body.skills.some((s) => s.slug === slug)).toBe(false);
  expect(after.body.skills.some((s) => s.slug === 'product-white-background')).toBe(true);
  expect(after.text).not.toContain('secret');

  // On a phone the table scrolls inside its card, never the page.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { level: 1, name: 'Skills' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'New skill' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create a skill' })).toBeVisible();
  await expectNoSidewaysScroll(page);
});
