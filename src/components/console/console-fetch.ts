import { fetchWithTimeout, goToSignIn } from '@/trpc/links';

/**
 * `fetch` for the console's calls outside tRPC (uploads, image reading, conversion, chat): a 401
 * (the session ended while the page was open) sends the browser to sign-in and back, and the call
 * never settles; `timeoutMs` (null: none, for streams) makes a slow server fail with a TimeoutError.
 */
export async function consoleFetch(
  input: string,
  init: RequestInit & { timeoutMs?: number | null } = {},
): Promise<Response> {
  const { timeoutMs = 60_000, ...rest } = init;
  const res = await (timeoutMs === null ? fetch(input, rest) : fetchWithTimeout(timeoutMs)(input, rest));
  if (res.status === 401) {
    goToSignIn();
    return new Promise<never>(() => {});
  }
  return res;
}
