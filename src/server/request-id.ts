import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * Request ids: every HTTP answer carries one (`X-Request-Id`), taken from the caller when it sent a
 * usable one and made otherwise. It is kept for everything the request sets off: log lines, the
 * jobs it created, their queued tasks and worker logs, and their callbacks. See docs/api.md →
 * Request ids.
 */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What a caller's id may look like: printable, no spaces or quotes, at most 128 characters. */
const ACCEPTED = /^[A-Za-z0-9._:/+=@-]{1,128}$/;

const STORE_KEY = Symbol.for('studio.requestId');
type GlobalWithStore = typeof globalThis & { [STORE_KEY]?: AsyncLocalStorage<string> };

/** One store per process: the launcher and the Next.js bundle load this module separately. */
function store(): AsyncLocalStorage<string> {
  const g = globalThis as GlobalWithStore;
  g[STORE_KEY] ??= new AsyncLocalStorage<string>();
  return g[STORE_KEY];
}

/** The caller's id when usable (one value, the accepted characters), else a new one. */
export function requestIdFrom(value: string | string[] | null | undefined): string {
  const given = Array.isArray(value) ? undefined : value?.trim();
  return given && ACCEPTED.test(given) ? given : randomUUID();
}

/** Runs `fn` with `id` as the current request id (null: with none, whatever was current before). */
export function withRequestId<T>(id: string | null | undefined, fn: () => T): T {
  return id ? store().run(id, fn) : store().exit(fn);
}

/** The request id of the work in progress, if any. */
export function currentRequestId(): string | undefined {
  return store().getStore();
}
