'use server';

import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { endUserSession } from '@/server/domain/auth/console-sessions';
import { logger } from '@/server/logger';
import { getRuntime } from '@/server/runtime';
import { consoleSession } from '@/trpc/server';

/** Ends one of the signed-in user's sessions (the ended-sessions record): it is signed out at its next request. */
export async function endSessionAction(sid: string): Promise<{ ok: true } | { error: string }> {
  const session = await consoleSession();
  if (!session) redirect('/login');
  const t = await getTranslations('account.sessions');
  if (typeof sid !== 'string' || sid.length > 100) return { error: t('failed') };
  const { db } = await getRuntime();
  try {
    // Another user's session, or one never recorded, is simply not found: nothing is ended.
    return (await endUserSession(db, session.userId, sid)) ? { ok: true } : { error: t('failed') };
  } catch (err) {
    logger.error({ err }, 'session could not be ended');
    return { error: t('failed') };
  }
}
