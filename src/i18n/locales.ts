/** The console's languages. Simplified Chinese first: most of its audience reads it. */
export const locales = ['zh-CN', 'en'] as const;
export type Locale = (typeof locales)[number];

/** The language when nothing says otherwise (no cookie, no Chinese in Accept-Language, not a buyer's page). */
export const defaultLocale: Locale = 'en';

/** The user's choice, set by the language switch; read before anything the browser says. */
export const LOCALE_COOKIE = 'studio_locale';
/** A year: the choice outlives sign-out and sign-in. */
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** Each language's name in itself, for the switch. */
export const localeNames: Record<Locale, string> = { 'zh-CN': '中文', en: 'English' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/**
 * The browser's preference: the first language of `Accept-Language` (by weight) that is Chinese or
 * English; any Chinese reads as Simplified Chinese. Null when neither is listed.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.slice(2)) : 1, i };
    })
    .filter((l) => l.tag && Number.isFinite(l.q) && l.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of ranked) {
    if (tag === 'zh' || tag.startsWith('zh-')) return 'zh-CN';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
  }
  return null;
}

interface LocaleSignals {
  /** The `studio_locale` cookie. */
  cookie?: string | null;
  /** The signed-in person's choice, remembered on their account (another browser, cleared cookies). */
  account?: string | null;
  /** The request's `Accept-Language`. */
  acceptLanguage?: string | null;
  /** The audience reads Chinese unless it chose otherwise: the public claim page, a buyer's platform account. */
  chineseAudience?: boolean;
}

/**
 * The request's language: the user's choice (this browser's, else their account's), else Chinese for a
 * Chinese audience, else the browser's, else English.
 */
export function resolveLocale({ cookie, account, acceptLanguage, chineseAudience = false }: LocaleSignals): Locale {
  if (isLocale(cookie)) return cookie;
  if (isLocale(account)) return account;
  if (chineseAudience) return 'zh-CN';
  return localeFromAcceptLanguage(acceptLanguage) ?? defaultLocale;
}
