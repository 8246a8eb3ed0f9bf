import type { useTranslations } from 'next-intl';
import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '@/contracts/passwords';

/** The refusals of a new password, from the `passwords` catalogue. */
export type PasswordErrors = ReturnType<typeof useTranslations<'passwords'>>;

/**
 * A new password with the contract's limits (`passwordRule`; not trimmed: spaces count), refused in the
 * page's language. Server actions use it too, so it stays free of client-only helpers.
 */
export function newPasswordRule(t: PasswordErrors) {
  return z
    .string()
    .min(1, t('required'))
    .min(PASSWORD_MIN, t('tooShort', { min: PASSWORD_MIN }))
    .max(PASSWORD_MAX, t('tooLong', { max: PASSWORD_MAX }))
    .refine((v) => !v.includes('\0'), t('invalid'));
}

/** A new password and its repetition: the repetition must match (said under the repetition). */
export function newPasswordFields(t: PasswordErrors) {
  return {
    password: newPasswordRule(t),
    confirm: z.string().min(1, t('confirmRequired')),
  };
}

/** Refuses a form whose `confirm` differs from its `password`. */
export function confirmationMatches(t: PasswordErrors) {
  return (value: { password: string; confirm: string }, ctx: z.RefinementCtx) => {
    if (value.password !== value.confirm) ctx.addIssue({ code: 'custom', path: ['confirm'], message: t('mismatch') });
  };
}
