import { httpBatchLink, splitLink, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { isUnauthorized } from '@/components/console/error-text';
import { loginPathFor } from '@/lib/return-path';
import type { AppRouter } from '@/server/api/root';

/** A read that has not answered by then fails with a timeout the page words and offers to retry. */
export const QUERY_TIMEOUT_MS = 20_000;
/** Writes get longer: some start work before answering (a generation submit, a template conversion). */
export const MUTATION_TIMEOUT_MS = 90_000;

/** `fetch` that gives up after `ms` (a `TimeoutError`), besides when the caller aborts. */
export function fetchWithTimeout(ms: number): typeof fetch {
  return (input, init) => {
    const timeout = AbortSignal.timeout(ms);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    return fetch(input, { ...init, signal });
  };
}

/** Sends the browser to sign-in, to come back to the page it is on. */
export function goToSignIn(): void {
  window.location.assign(loginPathFor(window.location.pathname + window.location.search));
}

/**
 * A session that ended while a page was open: any call answered UNAUTHORIZED sends the browser to
 * sign-in and back, once for the whole console. The call never settles, so no page shows the API's
 * "Missing API key" text while the browser leaves.
 */
export const sessionLink: TRPCLink<AppRouter> =
  () =>
  ({ op, next }) =>
    observable((observer) =>
      next(op).subscribe({
        next: (value) => observer.next(value),
        error: (error) => {
          if (typeof window !== 'undefined' && isUnauthorized(error)) goToSignIn();
          else observer.error(error);
        },
        complete: () => observer.complete(),
      }),
    );

/** The console's links: session handling, then queries and writes over HTTP, each with its timeout. */
export function consoleLinks(url = '/api/trpc'): TRPCLink<AppRouter>[] {
  return [
    sessionLink,
    splitLink({
      condition: (op) => op.type === 'mutation',
      true: httpBatchLink({ url, fetch: fetchWithTimeout(MUTATION_TIMEOUT_MS) }),
      false: httpBatchLink({ url, fetch: fetchWithTimeout(QUERY_TIMEOUT_MS) }),
    }),
  ];
}
