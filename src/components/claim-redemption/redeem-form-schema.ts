import type { useTranslations } from 'next-intl';
import { z } from 'zod';
import { redeemSchema } from '@/contracts/claims';
import { filled, worded } from '@/components/console/form-rules';
import { confirmationMatches, newPasswordFields, type PasswordErrors } from '@/components/passwords/password-rules';

const rules = redeemSchema.shape;

/** The longest nickname the redemption contract takes. */
export const NICKNAME_MAX = 50;

/** The refusals of the redemption form, from the `claim.errors` catalogue. */
type RedeemErrors = ReturnType<typeof useTranslations<'claim.errors'>>;

/**
 * The buyer's nickname, email and chosen password (typed twice), checked by the redemption contract
 * and refused in the page's language.
 */
export function redeemFormSchema(t: RedeemErrors, passwords: PasswordErrors) {
  return z
    .object({
      nickname: filled(t('nicknameRequired')).pipe(
        worded(rules.nickname, { too_big: t('nicknameTooLong', { max: NICKNAME_MAX }) }),
      ),
      email: filled(t('emailRequired')).pipe(
        worded(rules.email, { invalid_format: t('emailInvalid'), too_big: t('emailTooLong') }),
      ),
      ...newPasswordFields(passwords),
    })
    .superRefine(confirmationMatches(passwords));
}

export type RedeemFields = z.output<ReturnType<typeof redeemFormSchema>>;
