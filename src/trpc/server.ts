import 'server-only';

import { createHydrationHelpers } from '@trpc/react-query/rsc';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { createContext, type SessionIdentity } from '@/server/api/context';
import { createCaller, type AppRouter } from '@/server/api/root';
import { getConsoleSession, getOperatorSignIn } from '@/server/edge/next-auth';
import { sessionFailure } from '@/server/domain/auth/credentials';
import { getRuntime } from '@/server/runtime';
import { RETURN_PATH_HEADER } from '@/i18n/pathname';
import { loginPathFor } from '@/lib/return-path';
import { makeQueryClient } from './query-client';

/**
 * The console session of this request, read once per render; null also when its login was removed
 * or its tenant disabled since it was signed (the cookie alone does not keep it alive).
 */
export const consoleSession = cache(async () => {
  const session = await getConsoleSession();
  if (!session) return null;
  const { db } = await getRuntime();
  return (await sessionFailure(db, session)) ? null : session;
});

/** The signed-in session, or a redirect to the login page, which comes back to this page afterwards. */
export async function requireSession() {
  const session = await consoleSession();
  if (!session) redirect(loginPathFor((await headers()).get(RETURN_PATH_HEADER)));
  return session;
}

/** The operator session of this request (an operator account or the key), enrolled or not, read once per render. */
export const operatorSignIn = cache(getOperatorSignIn);

/** The operator session that may use the operator area (second factor on, or the key), or null. */
export const operatorSession = cache(async () => {
  const session = await operatorSignIn();
  return session?.enrolled ? session : null;
});

/**
 * The signed-in operator, or a redirect: to the operator sign-in, or, for an operator account without a
 * second factor yet, to its enrolment (mandatory before any operator page).
 */
export async function requireOperator() {
  const session = await operatorSignIn();
  if (!session) redirect('/operator/login');
  if (!session.enrolled) redirect('/operator/enrol');
  return session;
}

/**
 * The request's context for a session. Key headers are dropped: a page always renders as the
 * person signed in, never as a key sent along.
 */
async function sessionContext(identity: SessionIdentity) {
  const forwarded = new Headers(await headers());
  forwarded.delete('x-api-key');
  forwarded.delete('authorization');
  return createContext(forwarded, identity);
}

/** One query cache per server render, shared by every prefetch and dehydrated by HydrateClient. */
const getQueryClient = cache(makeQueryClient);

const consoleCaller = createCaller(async () => {
  const session = await requireSession();
  return sessionContext({
    tenantId: session.tenantId,
    userId: session.userId,
    ...(session.kind === 'platform_account' ? { personal: true as const } : {}),
  });
});

const operatorCaller = createCaller(async () => {
  const session = await requireOperator();
  return sessionContext({ operator: true, ...(session.account ? { account: session.account } : {}) });
});

/**
 * Server components of the console: `await api.x.y(input)` for data the page itself needs, or
 * `void api.x.y.prefetch(input)` and `<HydrateClient>` around the client components that read the
 * same query with `trpc.x.y.useQuery(input)`: they render with the data at once.
 */
export const { trpc: api, HydrateClient } = createHydrationHelpers<AppRouter>(consoleCaller, getQueryClient);

/** The same for the operator area, acting as the signed-in operator. */
export const { trpc: operatorApi } = createHydrationHelpers<AppRouter>(operatorCaller, getQueryClient);

/** The signed-in user's tenant and role, fetched once per render. */
export const currentMe = cache(() => api.session.me());
