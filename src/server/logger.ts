import pino from 'pino';
import { getConfig } from './config';
import { currentRequestId } from './request-id';

/**
 * Structured logs. API keys and passwords are redacted wherever they appear in logged objects; every
 * line written while a request (or a task it set off) is being handled carries its `request_id`.
 */
export const logger = pino({
  level: safeLevel(),
  mixin() {
    const id = currentRequestId();
    return id ? { request_id: id } : {};
  },
  redact: {
    paths: ['*.apiKey', '*.api_key', '*.password', '*.admin_password', 'headers.authorization', 'headers["x-api-key"]'],
    censor: '[redacted]',
  },
});

function safeLevel(): string {
  try {
    return getConfig().logLevel;
  } catch {
    return 'info';
  }
}
