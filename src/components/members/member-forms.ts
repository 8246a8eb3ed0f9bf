import { z } from 'zod';
import { accountActionBodies } from '@/contracts/accounts';
import { filled, numberText, worded, type Words } from '../console/form-rules';

const create = accountActionBodies.create;
const setQuota = accountActionBodies['set-quota'];

const creditsWords: Words = {
  invalid_type: 'Enter a whole number of credits, 0 or more.',
  too_small: 'Enter a whole number of credits, 0 or more.',
  too_big: 'That number is too large.',
};

/** Credits typed for a new dedicated member, by the contract's rule. */
const newCredits = numberText('Enter the number of credits.').pipe(worded(create.shape.credits.unwrap(), creditsWords));

/** Credits typed as a member's new quota, by the contract's rule. */
const quotaCredits = numberText('Enter the number of credits.').pipe(worded(setQuota.shape.credits.unwrap(), creditsWords));

/** The amount a credits field holds now, when it reads as one (for hints beside the field). */
export const creditsOf = (text: string): number | undefined => quotaCredits.safeParse(text).data;

const identity = {
  email: filled('Enter the member’s email.').pipe(worded(create.shape.email, { invalid_format: 'That does not look like an email address.' })),
  nickname: filled('Enter a nickname.').pipe(worded(create.shape.nickname)),
};

/** The add-member form; what it hands over is the body of `accounts.create`. Credits count only for a dedicated member. */
export const createMemberSchema = z
  .discriminatedUnion('mode', [
    z.object({ ...identity, mode: z.literal('shared'), credits: z.string() }),
    z.object({ ...identity, mode: z.literal('dedicated'), credits: newCredits }),
  ])
  .transform(({ email, nickname, ...funding }) =>
    funding.mode === 'shared' ? { email, nickname, shared: true as const } : { email, nickname, credits: funding.credits },
  );

/** The quota form: the shared pool, or an absolute number of dedicated credits (the body of `accounts.setQuota` less the account). */
export const quotaSchema = z
  .discriminatedUnion('mode', [
    z.object({ mode: z.literal('shared'), credits: z.string() }),
    z.object({ mode: z.literal('dedicated'), credits: quotaCredits }),
  ])
  .transform((v) => (v.mode === 'shared' ? { shared: true as const } : { credits: v.credits }));
