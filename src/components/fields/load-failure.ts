/** A read whose failure says what could not be loaded: "The skills could not be loaded: …". */
export function namedFailure<Q extends { error: { message: string } | null }>(query: Q, what: string): Q {
  return { ...query, error: query.error ? { message: `${what} could not be loaded: ${query.error.message}` } : null };
}
