import { z } from 'zod';
import type { useTranslations } from 'next-intl';

/** The refusals of the sign-in form, from the `login.errors` catalogue (`useTranslations` or `getTranslations`). */
type LoginErrors = ReturnType<typeof useTranslations<'login.errors'>>;

/** The workspace sign-in, checked in the browser before the action runs and by the action itself, refused in the page's language. */
export function loginSchema(t: LoginErrors) {
  return z.object({
    email: z
      .string()
      .trim()
      .min(1, t('emailRequired'))
      .pipe(z.email(t('emailInvalid'))),
    password: z.string().min(1, t('passwordRequired')),
  });
}

export type LoginFields = z.input<ReturnType<typeof loginSchema>>;

/** A text field of a submitted form; anything else (a file, nothing) reads as empty. */
export function textField(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}
