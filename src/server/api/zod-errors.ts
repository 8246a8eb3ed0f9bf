import type { ZodError } from 'zod';

/** One readable sentence naming each offending field, e.g. "quality: must be one of low, medium, high". */
export function describeZodError(err: ZodError): string {
  const parts = err.issues.slice(0, 5).map((issue) => {
    const where = issue.path.length > 0 ? issue.path.join('.') : 'body';
    return `${where}: ${issue.message}`;
  });
  const more = err.issues.length > 5 ? ` (and ${err.issues.length - 5} more)` : '';
  return `Invalid request: ${parts.join('; ')}${more}`;
}
