import { cookies, headers } from 'next/headers';
import { getRequestConfig } from 'next-intl/server';
import { getConsoleSession } from '@/server/edge/next-auth';
import { savedLocale } from '@/server/domain/auth/preferences';
import { getRuntime } from '@/server/runtime';
import { formats, timeZone } from './formats';
import { LOCALE_COOKIE, resolveLocale } from './locales';
import { loadMessages } from './messages';
import { PATHNAME_HEADER } from './pathname';

/** Pages whose readers are Chinese-speaking buyers, whoever else opens them: the public claim page. */
const forBuyers = (pathname: string | null) => pathname?.startsWith('/claim/') ?? false;

/**
 * The language of a request (no locale in the URL): the `studio_locale` cookie, else the signed-in
 * person's remembered choice, else Chinese on the claim page and for a buyer's platform account, else
 * `Accept-Language`, else English.
 */
export default getRequestConfig(async () => {
  const [jar, head] = await Promise.all([cookies(), headers()]);
  const cookie = jar.get(LOCALE_COOKIE)?.value;
  // The session (and the account's remembered choice) is read only when this browser made no choice:
  // most requests stop at the cookie.
  const session = cookie ? null : await getConsoleSession();
  const account = session ? await savedLocale((await getRuntime()).db, session.userId) : null;
  const chineseAudience = cookie ? false : forBuyers(head.get(PATHNAME_HEADER)) || session?.kind === 'platform_account';
  const locale = resolveLocale({ cookie, account, acceptLanguage: head.get('accept-language'), chineseAudience });
  return { locale, messages: await loadMessages(locale), formats, timeZone };
});
