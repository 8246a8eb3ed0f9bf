import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { createContext } from '@/server/api/context';
import { createCaller } from '@/server/api/root';
import { getConsoleSession } from '@/server/auth/next-auth';

/** The console session of this request, read once per render. */
export const consoleSession = cache(getConsoleSession);

/** The signed-in session, or a redirect to the login page. */
export async function requireSession() {
  const session = await consoleSession();
  if (!session) redirect('/login');
  return session;
}

/**
 * A tRPC caller acting as the signed-in console user, for server components.
 * Key headers are dropped: a page always renders as the person signed in, never as a key sent along.
 */
export const serverApi = cache(async () => {
  const session = await requireSession();
  const forwarded = new Headers(await headers());
  forwarded.delete('x-api-key');
  forwarded.delete('authorization');
  return createCaller(await createContext(forwarded, { tenantId: session.tenantId, userId: session.userId }));
});

/** The signed-in user's tenant and role, fetched once per render. */
export const currentMe = cache(async () => (await serverApi()).session.me());
