import pino from 'pino';
import { getConfig } from './config';
import { currentRequestId } from './request-id';

/**
 * Structured logs. API keys and passwords are censored wherever they appear one level into a logged
 * object (`censorSecrets`); every line written while a request (or a task it set off) is being
 * handled carries its `request_id`.
 */
export const logger = pino({
  level: safeLevel(),
  mixin() {
    const id = currentRequestId();
    return id ? { request_id: id } : {};
  },
  formatters: { log: censorSecrets },
});

function safeLevel(): string {
  try {
    return getConfig().logLevel;
  } catch {
    return 'info';
  }
}

export const CENSORED = '[redacted]';
const SECRET_FIELDS = ['apiKey', 'api_key', 'password', 'admin_password'];
const SECRET_HEADERS = ['authorization', 'x-api-key'];

/**
 * A log line's fields with the secrets censored: `apiKey`, `api_key`, `password` and
 * `admin_password` of any object field, and the `authorization` and `x-api-key` of `headers`. The
 * fields are copied where one is censored, never changed in place; every other line passes as it is.
 * (pino's own `redact` did the same for these paths at about 6 µs a line, most of a line's cost on
 * the chat path: docs/performance.md → Chat.)
 */
export function censorSecrets(fields: Record<string, unknown>): Record<string, unknown> {
  let out = fields;
  for (const key in fields) {
    const value = fields[key];
    if (value === null || typeof value !== 'object' || Array.isArray(value)) continue;
    const censored = censorObject(value as Record<string, unknown>, key === 'headers');
    if (censored !== value) {
      if (out === fields) out = { ...fields };
      out[key] = censored;
    }
  }
  return out;
}

function censorObject(value: Record<string, unknown>, headers: boolean): Record<string, unknown> {
  let copy: Record<string, unknown> | null = null;
  const censor = (name: string) => {
    if (!Object.hasOwn(value, name) || value[name] === undefined) return;
    // An error keeps its kind, message and stack: pino's error serializer reads them.
    copy ??=
      value instanceof Error
        ? Object.assign(Object.create(Object.getPrototypeOf(value) as object) as Record<string, unknown>, value, {
            message: value.message,
            stack: value.stack,
          })
        : { ...value };
    copy[name] = CENSORED;
  };
  for (const name of SECRET_FIELDS) censor(name);
  if (headers) for (const name of SECRET_HEADERS) censor(name);
  return copy ?? value;
}
