import { z } from 'zod';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** A password a person chooses: a string (never coerced) of 8 to 128 characters without NUL. */
export const passwordRule = z
  .string({ error: 'must be a string' })
  .min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`)
  .refine((v) => !v.includes('\0'), 'must not contain NUL characters');
