import type { Locator, Page } from '@playwright/test';
import { expect } from './helpers';

/** The focused element draws an outline or a ring (box-shadow), on itself or on the label that dresses it. */
export async function expectFocusVisible(page: Page): Promise<void> {
  const ring = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'nothing focused';
    const drawn = (node: Element | null) => {
      if (!node) return false;
      const s = getComputedStyle(node);
      return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
    };
    const dressed = el.closest('label') ?? el.nextElementSibling;
    if (el.matches(':focus-visible') && (drawn(el) || drawn(dressed))) return 'visible';
    return `no focus ring on <${el.tagName.toLowerCase()}> ${el.getAttribute('aria-label') ?? el.textContent?.slice(0, 40) ?? ''}`;
  });
  expect(ring).toBe('visible');
}

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement).catch(() => false);

/** Presses Tab until `target` has focus (Shift+Tab when it lies behind), then checks the focus ring. */
export async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < max; i++) {
      if (await isFocused(target)) {
        await expectFocusVisible(page);
        return;
      }
      await page.keyboard.press(key);
    }
  }
  throw new Error(`${target.toString()} is not reachable with Tab`);
}

/** Skips the navigation: the skip link is the first stop, Enter moves on to the page. */
export async function skipToContent(page: Page): Promise<void> {
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');
}
