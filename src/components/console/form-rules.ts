import { useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { z } from 'zod';

/** What kind of rule a value broke (`too_small`, `invalid_format`, …). */
type IssueCode = z.core.$ZodIssue['code'];

/** One refusal of a contract rule, as zod reports it (its limits among it: `maximum`, `minimum`). */
export type Issue = z.core.$ZodIssue;

/**
 * A form's own words for the ways a contract rule can refuse a value, by issue code: a message, or
 * one built from the issue (to name the limit it broke).
 */
export type Words = Partial<Record<IssueCode, string | ((issue: Issue) => string)>>;

const say = (word: string | ((issue: Issue) => string) | undefined, issue: Issue) =>
  typeof word === 'function' ? word(issue) : word;

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * A contract's rule for one field, refusing in the form's words. The contract alone decides what is
 * valid; a refusal the form has no words for keeps the contract's message, capitalised as the
 * server's refusals are shown.
 */
export function worded<T extends z.ZodType>(rule: T, words: Words = {}) {
  return z.custom<z.input<T>>().transform((value, ctx): z.output<T> => {
    const result = rule.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      ctx.addIssue({
        code: 'custom',
        path: issue.path,
        message: say(words[issue.code], issue) ?? capitalise(issue.message),
      });
    }
    return z.NEVER;
  });
}

/** Text that must be filled in: trimmed, and `missing` said when nothing is left. */
export const filled = (missing: string) => z.string().trim().min(1, missing);

/**
 * A whole number as typed into a text field, with full-width digits and thousands separators
 * allowed. Anything but digits reads as NaN, which the contract's number rule refuses.
 */
export const numberText = (missing: string) =>
  z
    .string()
    .transform((raw) => raw.normalize('NFKC').replace(/[,\s]/g, ''))
    .pipe(z.string().min(1, missing))
    .transform((text) => (/^\d+$/.test(text) ? Number(text) : Number.NaN));

/** Text that may be left empty: trimmed, and absent when nothing is left. */
export const optionalText = z
  .string()
  .trim()
  .transform((text) => (text === '' ? undefined : text));

/**
 * Fields are first checked when the form is sent, then as they change. Checking on blur (the kit's
 * default) puts a message under a field as the pointer goes down on the next control, which moves
 * that control away before the click lands.
 */
export const checkOnSubmit = { mode: 'onSubmit' } as const;

/** A refusal from the server is about what was sent: it goes once the form is edited. */
export function useClearRefusalOnEdit<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, unknown>, 'subscribe' | 'clearErrors'>,
) {
  const { subscribe, clearErrors } = form;
  useEffect(
    () => subscribe({ formState: { values: true }, callback: () => clearErrors('root.server') }),
    [subscribe, clearErrors],
  );
}
