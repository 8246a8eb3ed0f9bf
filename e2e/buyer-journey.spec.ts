import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { E2E_ADMIN_KEY, E2E_BASE_URL } from './env';
import {
  chooseLanguage,
  createTenant,
  expect,
  expectNoSidewaysScroll,
  signInAsOperator,
  snapshot,
  test,
} from './helpers';

/** What the buyer reads and clicks, in each language. */
const WORDS = {
  'zh-CN': {
    nickname: '昵称',
    email: '邮箱',
    password: '登录密码',
    repeat: '再次输入密码',
    claim: '立即领取',
    claimed: '领取成功',
    toConsole: '进入控制台',
    loginPassword: '密码',
    signIn: '登录',
    welcome: '欢迎，小林',
    run: /^在创作台使用：/,
    menu: '打开菜单',
    account: '账户',
    current: '当前密码',
    newPassword: '新密码',
    repeatNew: '再次输入新密码',
    change: '修改密码',
    wrongCurrent: '当前密码不正确',
    changed: '密码已修改，该账户的其他登录已退出。',
    signOut: '退出登录',
    forgot: '忘记密码？',
    sendLink: '发送重设链接',
    sent: '请查收邮件',
    save: '保存新密码',
    resetDone: '密码已修改，请用新密码登录。',
    invalid: '这个链接已失效',
    requestNew: '重新申请链接',
  },
  en: {
    nickname: 'Nickname',
    email: 'Email',
    password: 'Password',
    repeat: 'Repeat the password',
    claim: 'Claim now',
    claimed: 'Claimed',
    toConsole: 'Open your console',
    loginPassword: 'Password',
    signIn: 'Sign in',
    welcome: 'Welcome, 小林',
    run: /^Use in Playground/,
    menu: 'Open menu',
    account: 'Account',
    current: 'Current password',
    newPassword: 'New password',
    repeatNew: 'Repeat the new password',
    change: 'Change password',
    wrongCurrent: 'The current password is not correct',
    changed: 'Your password was changed. Other sessions of this account were signed out.',
    signOut: 'Sign out',
    forgot: 'Forgot password?',
    sendLink: 'Send reset link',
    sent: 'Check your email',
    save: 'Save new password',
    resetDone: 'Your password was changed. Sign in with the new password.',
    invalid: 'This link no longer works',
    requestNew: 'Ask for a new link',
  },
} as const;

type Lang = keyof typeof WORDS;

/**
 * Words of four letters or more that may appear on a Chinese page: the product's name, the language
 * switch's "English", and the browsers and systems the account page's session list names (product names,
 * written as their makers write them in Chinese too).
 */
const ALLOWED = new Set([
  'Studio',
  'English',
  'Chrome',
  'Chromium',
  'Firefox',
  'Safari',
  'Edge',
  'Opera',
  'Windows',
  'macOS',
  'Linux',
  'Android',
  'iPhone',
  'iPad',
]);

/** Fails when a Chinese page shows an English word (e-mail addresses aside). */
async function expectNoEnglish(page: Page, lang: Lang) {
  if (lang !== 'zh-CN') return;
  const text = await page.locator('body').innerText();
  // E-mail addresses and setting names (STUDIO_…) are not words.
  const words = (text.replace(/\S+@\S+|\b[A-Z0-9]+(?:_[A-Z0-9]+)+\b/g, ' ').match(/[A-Za-z]{4,}/g) ?? []).filter(
    (w) => !ALLOWED.has(w),
  );
  expect(words, `English words on ${page.url()}`).toEqual([]);
}

/** A seller's claim code for a gated platform image template. */
async function claimCode(request: APIRequestContext) {
  const seller = await createTenant(request, { name: '花漾小店', credits: 500 });
  const listed = await request.get('/api/templates?type=image&source=platform', {
    headers: { 'X-API-Key': seller.apiKey },
  });
  const gated = (
    (await listed.json()) as { templates: { id: string; slug: string; zh_name: string; gated: boolean }[] }
  ).templates.find((t) => t.gated);
  if (!gated) throw new Error('the catalogue needs a gated platform image template');
  const created = await request.post('/api/tenant-claims', {
    headers: { 'X-API-Key': seller.apiKey },
    data: { template_ids: [gated.id], credits: 60 },
  });
  expect(created.status()).toBe(200);
  return { gated, code: ((await created.json()) as { code: string }).code };
}

/** The operator shows the newest reset mail of `email` once, to pass on, and answers its link. */
async function linkFromOutbox(browser: Browser, email: string, shot: string): Promise<string> {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, locale: 'en-US' });
  await chooseLanguage(context, 'en');
  const page = await context.newPage();
  await signInAsOperator(page, E2E_ADMIN_KEY);
  await expect(page).toHaveURL(/\/operator$/);
  await page.getByRole('navigation', { name: 'Operator' }).getByRole('link', { name: 'Outbox' }).click();
  await expect(page).toHaveURL(/\/operator\/outbox$/);
  const mail = page
    .getByTestId('outbox-mail')
    .and(page.locator(`[data-to="${email}"]`))
    .first();
  await expect(mail).toContainText('Password reset');
  await mail.getByRole('button', { name: 'Show once to pass on' }).click();
  const body = (await mail.getByTestId('outbox-body').textContent()) ?? '';
  await expect(mail.getByRole('button', { name: 'Show once to pass on' })).toHaveCount(0);
  await snapshot(page, shot);
  await context.close();
  const link = /https?:\/\/\S+\/login\/reset\/[A-Za-z0-9_-]{43}/.exec(body)?.[0];
  if (!link) throw new Error(`no reset link in the mail: ${body}`);
  return new URL(link).pathname;
}

const CASES = [
  { lang: 'zh-CN' as const, viewport: { width: 390, height: 844 }, phone: true },
  { lang: 'en' as const, viewport: { width: 1280, height: 900 }, phone: false },
];

for (const { lang, viewport, phone } of CASES) {
  test(`a buyer goes from a claim link to a generated image, changes the password and resets it through the outbox (${lang}, ${phone ? 'phone' : 'desktop'})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const w = WORDS[lang];
    const shots = `test-results/buyer-journey/${lang}-${phone ? 'phone' : 'desktop'}`;
    const { gated, code } = await claimCode(request);
    // The browser asks for English: the Chinese claim page, and the console after it, are Chinese because the claim page is.
    const context = await browser.newContext({
      baseURL: E2E_BASE_URL,
      viewport,
      locale: 'en-US',
      isMobile: phone,
      hasTouch: phone,
    });
    if (lang === 'en') await chooseLanguage(context, 'en');
    const page = await context.newPage();
    const email = `journey-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.cn`;
    const chosen = 'chun-cha-2026';

    // 1. The claim page: redeem with a chosen password.
    await page.goto(`/claim/${code}`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expectNoEnglish(page, lang);
    await page.getByLabel(w.nickname).fill('小林');
    await page.getByLabel(w.email, { exact: true }).fill(email);
    await page.getByLabel(w.password, { exact: true }).fill(chosen);
    await page.getByLabel(w.repeat, { exact: true }).fill(chosen);
    await snapshot(page, `${shots}-01-claim.png`);
    await page.getByRole('button', { name: w.claim }).click();
    const result = page.getByTestId('claim-result');
    await expect(result.getByRole('heading', { name: w.claimed })).toBeVisible();
    await expect(result).not.toContainText(chosen);
    await expectNoEnglish(page, lang);
    await expectNoSidewaysScroll(page);
    await snapshot(page, `${shots}-02-claimed.png`);

    // 2. The redemption signed the buyer in: the result leads straight into the console, in the same language.
    await expect(result.getByTestId('claim-signed-in')).toBeVisible();
    await result.getByRole('link', { name: w.toConsole }).click();
    await expect(page).toHaveURL(/\/overview$/);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);

    // 3. The Overview: credits and the received template, ready to run.
    await expect(page.getByRole('heading', { level: 1, name: w.welcome })).toBeVisible();
    await expect(page.getByTestId('credits')).toHaveText('60');
    const card = page.getByTestId('your-template').filter({ hasText: gated.zh_name });
    const run = card.getByRole('link', { name: w.run });
    await expect(run).toHaveAttribute('href', `/playground?template=${gated.slug}`);
    await expectNoEnglish(page, lang);
    await expectNoSidewaysScroll(page);
    await snapshot(page, `${shots}-04-overview.png`);

    // 4. The template in the Playground, generated.
    await run.click();
    await expect(page).toHaveURL(new RegExp(`/playground\\?template=${gated.slug}$`));
    await page.getByLabel('品牌名称').fill('青岚');
    await page.getByLabel('主角商品').fill('白茶香氛精华油');
    await page.getByLabel('主标语').fill('一口山野，一室清欢');
    await page.locator('main button[type="submit"]').click();
    const image = page.getByTestId('result-card');
    await expect(image).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
    await expect(image.getByRole('img')).toBeVisible();
    // The Playground's own words are checked in e2e/playground.spec.ts; here the page also shows the
    // template's prompt (the buyer bought it) and model names, which are content, not interface.
    await snapshot(page, `${shots}-05-playground.png`);

    // A second browser signed in now is signed out by the password change.
    const other = await browser.newContext({ baseURL: E2E_BASE_URL, locale: 'en-US' });
    const otherPage = await other.newPage();
    await chooseLanguage(other, 'en');
    await otherPage.goto('/login');
    await otherPage.getByLabel('Email').fill(email);
    await otherPage.getByLabel('Password').fill(chosen);
    await otherPage.getByRole('button', { name: 'Sign in' }).click();
    await expect(otherPage).toHaveURL(/\/overview$/);

    // 5. The account page: a wrong current password is refused, the right one changes it.
    if (phone) await page.getByRole('button', { name: w.menu }).click();
    await page.getByRole('link', { name: w.account, exact: true }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByTestId('account-email')).toHaveText(email);
    const changed = 'xia-cha-2026';
    await page.getByLabel(w.current, { exact: true }).fill('not-my-password');
    await page.getByLabel(w.newPassword, { exact: true }).fill(changed);
    await page.getByLabel(w.repeatNew, { exact: true }).fill(changed);
    await page.getByRole('button', { name: w.change }).click();
    await expect(page.getByText(w.wrongCurrent)).toBeVisible();
    // Only the refused password is emptied (and focused); the new one, typed twice, stays.
    await expect(page.getByLabel(w.current, { exact: true })).toHaveValue('');
    await expect(page.getByLabel(w.current, { exact: true })).toBeFocused();
    await expect(page.getByLabel(w.newPassword, { exact: true })).toHaveValue(changed);
    await expect(page.getByLabel(w.repeatNew, { exact: true })).toHaveValue(changed);
    await page.getByLabel(w.current, { exact: true }).fill(chosen);
    await page.getByRole('button', { name: w.change }).click();
    await expect(page.getByRole('status').filter({ hasText: w.changed })).toBeVisible();
    await expect(page.getByLabel(w.newPassword, { exact: true })).toHaveValue('');
    await expectNoEnglish(page, lang);
    await expectNoSidewaysScroll(page);
    await snapshot(page, `${shots}-06-account.png`);
    // This browser stays signed in; the other one is out.
    await page.reload();
    await expect(page).toHaveURL(/\/account$/);
    await otherPage.goto('/overview');
    await expect(otherPage).toHaveURL(/\/login$/);
    await other.close();

    // 6. Signed out and the password forgotten: a link through the outbox.
    if (phone) await page.getByRole('button', { name: w.menu }).click();
    await page.getByRole('button', { name: w.signOut }).first().click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('link', { name: w.forgot }).click();
    await expect(page).toHaveURL(/\/login\/forgot$/);
    await page.getByLabel(w.email, { exact: true }).fill(email);
    await page.getByRole('button', { name: w.sendLink }).click();
    await expect(page.getByTestId('reset-requested')).toContainText(w.sent);
    await expectNoEnglish(page, lang);
    await snapshot(page, `${shots}-07-forgot.png`);
    const link = await linkFromOutbox(browser, email, `${shots}-08-outbox.png`);

    // 7. The reset page: a new password; then sign in with it.
    await page.goto(link);
    await expectNoEnglish(page, lang);
    await snapshot(page, `${shots}-09-reset.png`);
    const reset = 'qiu-cha-2026';
    await page.getByLabel(w.newPassword, { exact: true }).fill(reset);
    await page.getByLabel(w.repeatNew, { exact: true }).fill(reset);
    await page.getByRole('button', { name: w.save }).click();
    await expect(page).toHaveURL(/\/login\?reset=done/);
    await expect(page.getByRole('status').filter({ hasText: w.resetDone })).toBeVisible();
    await expect(page.getByLabel(w.email, { exact: true })).toHaveValue(email);
    await expectNoEnglish(page, lang);
    await snapshot(page, `${shots}-10-signed-out.png`);
    await page.getByLabel(w.loginPassword, { exact: true }).fill(reset);
    await page.getByRole('button', { name: w.signIn, exact: true }).click();
    await expect(page).toHaveURL(/\/overview$/);
    await expect(page.getByTestId('credits')).toHaveText('56');

    // The link worked once: opened again, it says so and offers a new one.
    await page.goto(link);
    await expect(page.getByRole('heading', { name: w.invalid })).toBeVisible();
    await expect(page.getByRole('link', { name: w.requestNew })).toHaveAttribute('href', '/login/forgot');
    await expectNoEnglish(page, lang);
    await snapshot(page, `${shots}-11-link-used.png`);
    await context.close();
  });
}
