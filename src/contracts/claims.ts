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
    .max(50, 'at most 50 templates per claim code'),
  credits: z
    .number({ error: 'must be a positive whole number' })
    .int('must be a positive whole number')
    .positive('must be a positive whole number')
    .max(MAX_CLAIM_CREDITS, 'must be at most 10,000,000'),
  note: z.string().max(500, 'must be at most 500 characters').optional(),
  tutorial_pdf_url: httpUrl.optional(),
  tutorial_pdf_title: z.string().trim().min(1).max(200).optional(),
});
export type ClaimCreate = z.infer<typeof claimCreateSchema>;

export const redeemSchema = z.strictObject({
  code: z.string().trim().min(1, 'must not be empty').max(64),
  nickname: z.string().trim().min(1, 'must not be empty').max(50, 'must be at most 50 characters'),
  email: z.email('must be an email address').max(200),
  /** The password of the account this redemption opens; ignored when the email already has one. */
  password: passwordRule.optional(),
});
export type RedeemBody = z.infer<typeof redeemSchema>;
