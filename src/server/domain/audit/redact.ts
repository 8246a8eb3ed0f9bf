/**
 * What an audit row may keep of an action's body: every field except secrets. A field is a secret by
 * its name (passwords, keys, tokens, secrets) or by its value (a Studio key); it is kept as
 * `REDACTED`, so the row still shows that one was given, never what it was.
 */
export const REDACTED = '[redacted]';

const SECRET_NAME = /pass(word)?|secret|token|(^|_)key$|api_?key|credential|authorization/i;
const SECRET_VALUE = /^sk-[A-Za-z0-9_-]{8,}/;

export function redactSecrets(value: unknown): unknown {
  if (typeof value === 'string') return SECRET_VALUE.test(value) ? REDACTED : value;
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        SECRET_NAME.test(k) && v !== null && v !== undefined ? REDACTED : redactSecrets(v),
      ]),
    );
  }
  return value;
}

/** The body of an action as its audit row keeps it. */
export const auditBody = (body: Record<string, unknown>): Record<string, unknown> =>
  redactSecrets(body) as Record<string, unknown>;
