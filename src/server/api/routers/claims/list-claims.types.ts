import { z } from 'zod';
import { claimStates } from '../../../../contracts/claims';
import { route } from '../../meta';
import { templateRef, tutorialOut } from './create-claim.types';

export const listClaimsInput = z.object({
  state: z.enum(claimStates, 'must be open, redeemed or disabled').optional(),
  limit: z.number({ error: 'must be a whole number' }).int('must be a whole number').min(1).max(100).default(20),
  cursor: z.string().max(64).optional(),
});

export const listClaimsOutput = z.object({
  ok: z.literal(true),
  claims: z.array(
    z.object({
      code: z.string(),
      claim_url: z.string(),
      state: z.enum(claimStates),
      credits: z.number().int(),
      note: z.string(),
      templates: z.array(templateRef.extend({ id: z.string() })),
      tutorial_pdf: tutorialOut,
      reply_text: z.string(),
      product_copy: z.string(),
      redeemed_by: z.object({ nickname: z.string(), email: z.string() }).nullable(),
      redeemed_at: z.string().nullable(),
      disabled_at: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  next_cursor: z.string().nullable(),
});

export const listClaimsMeta = route('GET /tenant-claims', 'Claim codes', 'Your claim codes and their state', {
  description: 'Newest first; `state` filter (`open`, `redeemed`, `disabled`), `limit` 1-100 (default 20), `cursor` = `next_cursor` of the previous page. Redeemed codes show who redeemed them and when.',
});
