import { z } from 'zod';
import { SLUG_PATTERN } from './slots';

/** Request-body pieces several contracts share, with the error texts callers see. */

export const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).max(2048);

/** Trimmed text of at most `max` characters. */
export const trimmedText = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);

export const slugSchema = z
  .string()
  .regex(SLUG_PATTERN, 'must be 2-80 characters of a-z, 0-9 and -, starting with a letter or digit');

/** The same shape with every field optional: the body of an update that changes only what it names. */
export function allOptional<T extends Record<string, z.ZodType>>(shape: T): { [K in keyof T]: z.ZodOptional<T[K]> } {
  return Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, v.optional()])) as {
    [K in keyof T]: z.ZodOptional<T[K]>;
  };
}

/** The most credits one wallet holds: the range of its PostgreSQL `integer` column. */
export const MAX_BALANCE = 2_147_483_647;

/** The most credits one request may name, so that no sum of them leaves a balance's column. */
export const MAX_CREDITS_PER_REQUEST = 1_000_000_000;

/**
 * A whole number of credits as JSON sends it: a JSON integer (never a string, `true` or `[3]`),
 * within ±`MAX_CREDITS_PER_REQUEST`.
 */
export const creditAmount = (error = 'must be a whole number') =>
  z
    .number({ error })
    .int(error)
    .min(-MAX_CREDITS_PER_REQUEST, `must be at least -${MAX_CREDITS_PER_REQUEST.toLocaleString('en-US')}`)
    .max(MAX_CREDITS_PER_REQUEST, `must be at most ${MAX_CREDITS_PER_REQUEST.toLocaleString('en-US')}`);

/**
 * A decimal of at most `places` places between `min` and `max`, e.g. a markup or a rating; values
 * such as 1e-308 are refused rather than rounded to zero by the column.
 */
export const decimal = (min: number, max: number, places: number) => {
  const scale = 10 ** places;
  return z
    .number({ error: 'must be a number' })
    .min(min, `must be between ${min} and ${max}`)
    .max(max, `must be between ${min} and ${max}`)
    .refine((n) => Math.round(n * scale) / scale === n, `must have at most ${places} decimal places`);
};

const uuid = z.uuid();
/** True for a uuid (ids that may also be given as slugs are told apart with it). */
export const isUuid = (value: string): boolean => uuid.safeParse(value).success;

/**
 * A window the specification reads leniently (`days`, `hours`): the server takes any text of at most
 * 20 characters, and one that is not a whole number from 1 becomes `fallback`, more than `max` is cut
 * to `max`. The OpenAPI document types it as the integer 1..`max` a client should send (a query
 * string carries it as digits either way), so generated clients take `days: 7`.
 */
export const lenientWindow = (o: { min: 1; max: number; fallback: number; description: string }) =>
  z
    .string()
    .max(20)
    .meta({
      description: o.description,
      // zod-openapi's override: the document shows the integer clients send, not the server's leniency.
      override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
        for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
        Object.assign(jsonSchema, {
          type: 'integer',
          minimum: o.min,
          maximum: o.max,
          default: o.fallback,
          description: o.description,
        });
      },
    })
    .optional();
