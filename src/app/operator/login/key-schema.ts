import { z } from 'zod';
import type { useTranslations } from 'next-intl';

/** The refusals of the operator sign-in, from the `operator.login.errors` catalogue (`useTranslations` or `getTranslations`). */
type OperatorLoginErrors = ReturnType<typeof useTranslations<'operator.login.errors'>>;

/** The operator sign-in, checked in the browser before the action runs and by the action itself, refused in the page's language. */
export function operatorKeySchema(t: OperatorLoginErrors) {
  return z.object({
    key: z.string().trim().min(1, t('keyRequired')),
  });
}

export type OperatorKeyFields = z.input<ReturnType<typeof operatorKeySchema>>;
