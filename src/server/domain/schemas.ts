import { z } from 'zod';
import { SLUG_PATTERN } from './templates/slot-syntax';

/** Request-body pieces several domain schemas share, with the error texts callers see. */

export const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).max(2048);

/** Trimmed text of at most `max` characters. */
export const trimmedText = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);

export const slugSchema = z.string().regex(SLUG_PATTERN, 'must be 2-80 characters of a-z, 0-9 and -, starting with a letter or digit');

/** The same shape with every field optional: the body of an update that changes only what it names. */
export function allOptional<T extends Record<string, z.ZodType>>(shape: T): { [K in keyof T]: z.ZodOptional<T[K]> } {
  return Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, v.optional()])) as { [K in keyof T]: z.ZodOptional<T[K]> };
}
