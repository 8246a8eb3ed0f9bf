'use server';

import { cookies } from 'next/headers';
import { getConsoleSession } from '@/server/edge/next-auth';
import { saveLocale } from '@/server/domain/auth/preferences';
import { getRuntime } from '@/server/runtime';
import { isLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S } from './locales';

/**
 * Remembers the chosen language in this browser and, when someone is signed in, on their account (so
 * another browser follows it); setting the cookie re-renders the page in it.
 */
export async function setLocale(locale: string): Promise<void> {
  if (!isLocale(locale)) return;
  (await cookies()).set(LOCALE_COOKIE, locale, {
    path: '/',
    maxAge: LOCALE_COOKIE_MAX_AGE_S,
    sameSite: 'lax',
    httpOnly: true,
  });
  const session = await getConsoleSession();
  if (session) await saveLocale((await getRuntime()).db, session.userId, locale);
}
