import { CLAIM_REDEEM_ERRORS } from '@/server/domain/claims/redeem';
import { z } from 'zod';
import { route } from '@/server/api/meta';
import { templateRef, tutorialOut } from './create-claim.types';

export const redeemClaimOutput = z.object({
  ok: z.literal(true),
  code: z.string().meta({ description: 'The redeemed code' }),
  credits_granted: z.number().int().meta({ description: 'Credits added to the account' }),
  templates: z.array(templateRef).meta({ description: 'The templates now unlocked for the account' }),
  tutorial_pdf: tutorialOut,
  account: z
    .object({
      email: z.string().meta({ description: 'The account’s email' }),
      nickname: z.string().nullable().meta({
        description: 'The nickname of an account this redemption opened; null when the email already had one',
      }),
      credits: z.number().int().nullable().meta({
        description:
          'The balance of an account this redemption opened; null when the email already had one (its figures are its owner’s)',
      }),
      created: z
        .boolean()
        .meta({ description: 'true: this redemption opened the account; false: the email already had one' }),
    })
    .meta({ description: 'Where the benefits went' }),
  sign_in: z
    .object({
      url: z.string().meta({ description: 'The console sign-in page' }),
      email: z.string().meta({ description: 'The email to sign in with' }),
      password: z.string().nullable().meta({
        description:
          'A generated password, shown only this once: set only when this redemption opened the account and the body had no `password`',
      }),
      hint: z.string().meta({ description: 'A sentence (Chinese) telling the redeemer which password to use' }),
    })
    .meta({ description: 'How to sign in to the console' }),
  api_key: z.string().nullable().meta({
    description: 'An API key of the new account, shown only this once; null when the email already had an account',
  }),
});

export const redeemClaimMeta = route('POST /social-claims', 'Claim codes', 'Redeem a claim code (no key)', {
  errors: CLAIM_REDEEM_ERRORS,
  description:
    'Body `{code, nickname, email, password?}`. Opens a platform account for the email (or tops up the ' +
    'one it already has), grants the credits and unlocks the templates. `password` (8–128 characters, no ' +
    'NUL) becomes the new account’s password and is never echoed; an existing account keeps its own. ' +
    'Answers how to sign in: the console address, the email and, for a new account opened without ' +
    '`password`, a generated password shown only this once, plus an API key. Unknown code: 404; already ' +
    'redeemed or disabled: 409; an email that cannot hold a platform account: 409. For an email that ' +
    'already has a platform account, the benefits are added to it; the answer then shows neither its ' +
    'nickname nor its balance, and the nickname is left as its owner set it. Concurrent redemptions: ' +
    'exactly one wins. Send `Idempotency-Key` to retry safely: the winning request repeated with the same ' +
    'key answers the same.',
  requestHeaders: z.object({
    'idempotency-key': z
      .string()
      .max(200)
      .meta({
        description:
          'Any unique string (at most 200 characters): repeating the winning request with the same key answers the same',
      })
      .optional(),
  }),
  protect: false,
});
