import 'server-only';
import { getTranslations } from 'next-intl/server';

/** The refusal while sign-ins are throttled; without the wait (a redirect carries none) it says a few minutes. */
export async function tooManyAttempts(retryAfterS?: number): Promise<string> {
  const t = await getTranslations('signIn');
  if (retryAfterS === undefined) return t('throttled');
  return t('throttledFor', { minutes: Math.max(1, Math.ceil(retryAfterS / 60)) });
}
