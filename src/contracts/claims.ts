import { z } from 'zod';
import { httpUrl } from './common';
import { passwordRule } from './passwords';

/** Request bodies of the claim code operations (the tenant's codes and the public redemption). */

export const claimStates = ['open', 'redeemed', 'disabled'] as const;
export type ClaimState = (typeof claimStates)[number];

/** The default title of the tutorial PDF: "core tips for AI image generation (tutorial PDF)". */
export const DEFAULT_TUTORIAL_TITLE = 'AI生图核心技巧（教程PDF）';

/** Crockford's base32 without look-alikes: 20 characters carry 100 bits, typed and read back easily. */
export const CLAIM_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{20}$/;

export const MAX_CLAIM_CREDITS = 10_000_000;

export const claimCreateSchema = z.strictObject({
  template_ids: z
    .array(z.string().min(1).max(100), 'must be an array of template ids')
    .min(1, 'give at least one template id')
    .max(50, 'at most 50 templates per claim code')
    .meta({
      description:
        'Ids of the templates the code unlocks (1-50): your own or platform-shared ones; your own become gated',
    }),
  credits: z
    .number({ error: 'must be a positive whole number' })
    .int('must be a positive whole number')
    .positive('must be a positive whole number')
    .max(MAX_CLAIM_CREDITS, 'must be at most 10,000,000')
    .meta({ description: 'Credits the redeemer receives (1-10,000,000), taken from your allocatable credits at once' }),
  note: z
    .string()
    .max(500, 'must be at most 500 characters')
    .optional()
    .meta({ description: 'Your own remark, e.g. the order number (at most 500 characters)' }),
  tutorial_pdf_url: httpUrl.optional().meta({ description: 'http(s) URL of a tutorial PDF given with the code' }),
  tutorial_pdf_title: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .meta({ description: `Title of the tutorial PDF (default “${DEFAULT_TUTORIAL_TITLE}”)` }),
});
export type ClaimCreate = z.infer<typeof claimCreateSchema>;

export const redeemSchema = z.strictObject({
  code: z.string().trim().min(1, 'must not be empty').max(64).meta({ description: 'The claim code' }),
  nickname: z.string().trim().min(1, 'must not be empty').max(50, 'must be at most 50 characters').meta({
    description: 'Name of the account opened for the email (1-50 characters); an existing account keeps its own',
  }),
  email: z
    .email('must be an email address')
    .max(200)
    .meta({ description: 'Email of the platform account that receives the benefits; opened when it has none' }),
  /** The password of the account this redemption opens; ignored when the email already has one. */
  password: passwordRule.optional().meta({
    description:
      'Password of the new account (8-128 characters), never echoed; ignored when the email already has an account; absent: one is generated',
  }),
});
export type RedeemBody = z.infer<typeof redeemSchema>;

/** Where a batch's reply text names the link: each buyer gets one link of the batch in its place. */
export const LINK_PLACEHOLDER = '{领取链接}';

/** The most codes one batch makes. */
export const MAX_BATCH_CODES = 500;

export const claimBatchCreateSchema = claimCreateSchema.extend({
  count: z
    .number({ error: `must be a whole number from 1 to ${MAX_BATCH_CODES}` })
    .int(`must be a whole number from 1 to ${MAX_BATCH_CODES}`)
    .min(1, `must be a whole number from 1 to ${MAX_BATCH_CODES}`)
    .max(MAX_BATCH_CODES, `must be a whole number from 1 to ${MAX_BATCH_CODES}`)
    .meta({ description: `How many codes to make (1-${MAX_BATCH_CODES}), each with the same credits and templates` }),
  note: z
    .string()
    .trim()
    .max(500, 'must be at most 500 characters')
    .optional()
    .meta({ description: 'The batch note, e.g. a shop order range (at most 500 characters)' }),
});
export type ClaimBatchCreate = z.infer<typeof claimBatchCreateSchema>;
