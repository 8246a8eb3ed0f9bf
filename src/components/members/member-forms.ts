import { z } from 'zod';
import type { useTranslations } from 'next-intl';
import { memberActionBodies } from '@/contracts/members';
import { filled, numberText, worded, type Words } from '@/components/console/form-rules';

const create = memberActionBodies.create;
const setQuota = memberActionBodies['set-quota'];

/** The refusals of the member forms, from the `members.forms` catalogue (`useTranslations` or `getTranslations`). */
export type MemberFormErrors = ReturnType<typeof useTranslations<'members.forms'>>;

/** A credits field read by the contract's rule, words aside: only whether it holds an amount matters. */
const anyCredits = numberText('').pipe(worded(setQuota.shape.credits.unwrap()));

/** The amount a credits field holds now, when it reads as one (for hints beside the field). */
export const creditsOf = (text: string): number | undefined => anyCredits.safeParse(text).data;

/** The add-member form and the quota form, refusing in the page's language. */
export function memberForms(t: MemberFormErrors) {
  const creditsWords: Words = {
    invalid_type: t('creditsWhole'),
    too_small: t('creditsWhole'),
    too_big: t('creditsTooLarge'),
  };

  /** Credits typed for a new dedicated member, by the contract's rule. */
  const newCredits = numberText(t('creditsRequired')).pipe(worded(create.shape.credits.unwrap(), creditsWords));
  /** Credits typed as a member's new quota, by the contract's rule. */
  const quotaCredits = numberText(t('creditsRequired')).pipe(worded(setQuota.shape.credits.unwrap(), creditsWords));

  const identity = {
    email: filled(t('emailRequired')).pipe(
      worded(create.shape.email, { invalid_format: t('emailInvalid'), too_big: t('emailTooLong') }),
    ),
    nickname: filled(t('nicknameRequired')).pipe(
      worded(create.shape.nickname, {
        too_big: (issue) => t('nicknameTooLong', { max: 'maximum' in issue ? Number(issue.maximum) : 100 }),
      }),
    ),
  };

  /** The add-member form; what it hands over is the body of `members.create`. Credits count only for a dedicated member. */
  const createMemberSchema = z
    .discriminatedUnion('mode', [
      z.object({ ...identity, mode: z.literal('shared'), credits: z.string() }),
      z.object({ ...identity, mode: z.literal('dedicated'), credits: newCredits }),
    ])
    .transform(({ email, nickname, ...funding }) =>
      funding.mode === 'shared'
        ? { email, nickname, shared: true as const }
        : { email, nickname, credits: funding.credits },
    );

  /** The quota form: the shared pool, or an absolute number of dedicated credits (the body of `members.setQuota` less the account). */
  const quotaSchema = z
    .discriminatedUnion('mode', [
      z.object({ mode: z.literal('shared'), credits: z.string() }),
      z.object({ mode: z.literal('dedicated'), credits: quotaCredits }),
    ])
    .transform((v) => (v.mode === 'shared' ? { shared: true as const } : { credits: v.credits }));

  return { createMemberSchema, quotaSchema };
}
