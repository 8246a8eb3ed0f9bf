import type { Locale } from './locales';

/** Each language's catalogue, loaded only for the request that speaks it. */
const catalogues = {
  'zh-CN': () => import('../../messages/zh-CN.json'),
  en: () => import('../../messages/en.json'),
} satisfies Record<Locale, () => Promise<{ default: unknown }>>;

export async function loadMessages(locale: Locale) {
  return (await catalogues[locale]()).default;
}
