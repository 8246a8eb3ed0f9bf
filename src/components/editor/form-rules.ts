import { get, type FieldValues, type Path } from 'react-hook-form';
import { z } from 'zod';

/**
 * Building blocks for console forms that check their inputs with the API's own contract. The
 * contract's messages name body paths ("must not be empty"); a form speaks to the person typing, so
 * these keep the contract's rule and put the console's words in front of it.
 */

/** A text input that must not be blank (said in `message`), then checked by the contract's `rule`. */
export const filled = <O>(rule: z.ZodType<O, string>, message: string) => z.string().trim().min(1, message).pipe(rule);

/** A text input checked by the contract's `rule`, refused in the console's words. */
export const worded = <O>(rule: z.ZodType<O, string>, message: string) =>
  z
    .string()
    .refine((value) => rule.safeParse(value).success, message)
    .pipe(rule);

/** A text input where blank means "none" (sent as null); anything else is checked by `rule`. */
export const blankAsNull = <O>(rule: z.ZodType<O, string | null>) =>
  z
    .string()
    .trim()
    .transform((value) => (value === '' ? null : value))
    .pipe(rule);

/** A text input that may stay blank (then left out of the body); anything else is checked by `rule`. */
export const blankAsAbsent = <O>(rule: z.ZodType<O, string | undefined>) =>
  z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(rule);

const sentence = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * A form's schema: `values` types its inputs, `rules` checks them and answers what a save sends.
 * Refusals keep their paths and read as sentences, like the server's once `applyServerError` has
 * placed them.
 */
export function formSchema<V, O>(values: z.ZodType<V, V>, rules: z.ZodType<O>) {
  return values.transform((input, ctx) => {
    const checked = rules.safeParse(input);
    if (checked.success) return checked.data;
    for (const issue of checked.error.issues)
      ctx.addIssue({ code: 'custom', path: issue.path, message: sentence(issue.message) });
    return z.NEVER;
  });
}

/** How many inputs a form's errors point at; the refusal under the form (`root`) is not one of them. */
export function countErrors(errors: object, top = true): number {
  let n = 0;
  for (const [name, entry] of Object.entries(errors) as [string, unknown][]) {
    if ((top && name === 'root') || typeof entry !== 'object' || entry === null) continue;
    n += typeof (entry as { message?: unknown }).message === 'string' ? 1 : countErrors(entry, false);
  }
  return n;
}

/**
 * The input a refused body path names, when the form has one: a path ending at a list or a group
 * (say, "at most 30 fields") has no input of its own, so its refusal is said under the form.
 */
export function inputAt<T extends FieldValues>(values: T, path: readonly (string | number)[]): Path<T> | null {
  const name = path.join('.');
  const value: unknown = get(values, name);
  return value === undefined || (typeof value === 'object' && value !== null) ? null : (name as Path<T>);
}
