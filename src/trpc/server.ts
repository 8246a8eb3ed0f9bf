import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { createContext } from '@/server/api/context';
import { createCaller } from '@/server/api/root';
import { getConsoleSession, getOperatorSession } from '@/server/auth/next-auth';

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
  return createCaller(
    await createContext(forwarded, {
      tenantId: session.tenantId,
      userId: session.userId,
      ...(session.kind === 'platform_account' ? { personal: true as const } : {}),
    }),
  );
});

/** The signed-in user's tenant and role, fetched once per render. */
export const currentMe = cache(async () => (await serverApi()).session.me());

/** The operator session of this request (super-administrator key sign-in), read once per render. */
export const operatorSession = cache(getOperatorSession);

/** The signed-in operator, or a redirect to the operator sign-in. */
export async function requireOperator() {
  const session = await operatorSession();
  if (!session) redirect('/operator/login');
  return session;
}

/** A tRPC caller acting as the signed-in operator, for the operator area's server components. */
export const operatorApi = cache(async () => {
  await requireOperator();
  const forwarded = new Headers(await headers());
  forwarded.delete('x-api-key');
  forwarded.delete('authorization');
  return createCaller(await createContext(forwarded, { operator: true }));
});
