import { z } from 'zod';
import { claimStates } from '@/contracts/claims';
import { route } from '@/server/api/meta';
import { templateRef, tutorialOut } from './create-claim.types';

export const listClaimsInput = z.object({
  state: z
    .enum(claimStates, 'must be open, redeemed or disabled')
    .meta({ description: 'Only codes in this state: open, redeemed or disabled' })
    .optional(),
  limit: z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1)
    .max(100)
    .default(20)
    .meta({ description: 'Codes per page, 1-100 (default 20)' }),
  cursor: z.string().max(64).meta({ description: 'next_cursor of the previous page' }).optional(),
});

export const listClaimsOutput = z.object({
  ok: z.literal(true),
  claims: z
    .array(
      z.object({
        code: z.string().meta({ description: 'The claim code (20 characters)' }),
        claim_url: z.string().meta({ description: 'The page where the buyer redeems it' }),
        state: z.enum(claimStates).meta({ description: '`open` (not yet used), `redeemed` or `disabled`' }),
        credits: z.number().int().meta({ description: 'Credits the redeemer receives' }),
        note: z.string().meta({ description: 'Your remark; empty when none' }),
        templates: z
          .array(templateRef.extend({ id: z.string().meta({ description: 'Template id' }) }))
          .meta({ description: 'The templates the code unlocks' }),
        tutorial_pdf: tutorialOut,
        reply_text: z.string().meta({ description: 'A message ready to paste to the buyer' }),
        product_copy: z.string().meta({ description: 'Listing text, starting with your tenant named as provider' }),
        redeemed_by: z
          .object({
            nickname: z.string().meta({ description: 'Nickname given at redemption' }),
            email: z.string().meta({ description: 'Email given at redemption' }),
          })
          .nullable()
          .meta({ description: 'Who redeemed it; null while not redeemed' }),
        redeemed_at: z
          .string()
          .nullable()
          .meta({ description: 'When it was redeemed (ISO 8601); null while not redeemed' }),
        disabled_at: z
          .string()
          .nullable()
          .meta({ description: 'When it was disabled (ISO 8601); null unless disabled' }),
        created_at: z.string().meta({ description: 'When it was created (ISO 8601)' }),
      }),
    )
    .meta({ description: 'Your claim codes, newest first' }),
  next_cursor: z.string().nullable().meta({ description: 'Pass as cursor for the next page; null on the last' }),
});

export const listClaimsMeta = route('GET /tenant-claims', 'Claim codes', 'Your claim codes and their state', {
  description:
    'Newest first; `state` filter (`open`, `redeemed`, `disabled`), `limit` 1-100 (default 20), `cursor` ' +
    '= `next_cursor` of the previous page. Redeemed codes show who redeemed them and when.',
});
