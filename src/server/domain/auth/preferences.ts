import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { consoleUsers } from '@/server/db/schema';

/**
 * What a console user chose for themselves and keeps across browsers: today the console language.
 * Written when they switch it while signed in; read when a browser has no choice of its own.
 */

export async function saveLocale(db: Db, userId: string, locale: string): Promise<void> {
  await db.update(consoleUsers).set({ locale }).where(eq(consoleUsers.id, userId));
}

export async function savedLocale(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ locale: consoleUsers.locale }).from(consoleUsers).where(eq(consoleUsers.id, userId));
  return row?.locale ?? null;
}
