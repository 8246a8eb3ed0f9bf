import type { ZodError } from 'zod';
import type { FieldIssue } from '@/server/errors';

/** The issues of a refused body as data: path segments and the message, as forms map them to fields. */
export function zodIssues(err: ZodError): FieldIssue[] {
  return err.issues.map((issue) => ({
    path: issue.path.filter((p): p is string | number => typeof p !== 'symbol'),
    message: issue.message,
  }));
}

/** One readable sentence naming each offending field, e.g. "quality: must be one of low, medium, high". */
export function describeIssues(issues: readonly FieldIssue[]): string {
  const parts = issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'body'}: ${issue.message}`);
  const more = issues.length > 5 ? ` (and ${issues.length - 5} more)` : '';
  return `Invalid request: ${parts.join('; ')}${more}`;
}

export const describeZodError = (err: ZodError): string => describeIssues(zodIssues(err));
