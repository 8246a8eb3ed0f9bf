/**
 * A read whose failure says what could not be loaded ("The skills could not be loaded: …"); `say`
 * words it in the page's language around the read's own message.
 */
export function namedFailure<Q extends { error: { message: string } | null }>(
  query: Q,
  say: (message: string) => string,
): Q {
  return { ...query, error: query.error ? { message: say(query.error.message) } : null };
}
