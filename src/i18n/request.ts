import { cookies, headers } from 'next/headers';
import { getRequestConfig } from 'next-intl/server';
import { getConsoleSession } from '@/server/auth/next-auth';
import { formats, timeZone } from './formats';
import { LOCALE_COOKIE, resolveLocale } from './locales';
import { loadMessages } from './messages';
import { PATHNAME_HEADER } from './pathname';

/** Pages whose readers are Chinese-speaking buyers, whoever else opens them: the public claim page. */
const forBuyers = (pathname: string | null) => pathname?.startsWith('/claim/') ?? false;

/**
 * The language of a request (no locale in the URL): the `studio_locale` cookie, else Chinese on the
 * claim page and for a buyer's platform account, else `Accept-Language`, else English.
 */
export default getRequestConfig(async () => {
  const [jar, head] = await Promise.all([cookies(), headers()]);
  const cookie = jar.get(LOCALE_COOKIE)?.value;
  // The session is read only when no choice was made: most requests stop at the cookie.
  const chineseAudience = cookie ? false : forBuyers(head.get(PATHNAME_HEADER)) || (await getConsoleSession())?.kind === 'platform_account';
  const locale = resolveLocale({ cookie, acceptLanguage: head.get('accept-language'), chineseAudience });
  return { locale, messages: await loadMessages(locale), formats, timeZone };
});
