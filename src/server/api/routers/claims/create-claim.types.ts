import { CLAIM_CREATE_ERRORS } from '@/server/domain/claims/claims';
import { z } from 'zod';
import { route } from '@/server/api/meta';

export const templateRef = z.object({
  slug: z.string().meta({ description: 'Template slug' }),
  zh_name: z.string().meta({ description: 'Template display name' }),
});
export const tutorialOut = z
  .object({
    url: z.string().meta({ description: 'URL of the tutorial PDF' }),
    title: z.string().meta({ description: 'Its title' }),
  })
  .nullable()
  .meta({ description: 'The tutorial PDF given with the code; null when none' });

export const claimOut = z.object({
  code: z.string().meta({ description: '20 characters, unguessable' }),
  claim_url: z.string().meta({ description: '{PUBLIC_BASE_URL}/claim/<code>' }),
  reply_text: z.string().meta({ description: 'A message ready to paste to the buyer' }),
  product_copy: z.string().meta({ description: 'Listing text, starting with the tenant named as provider' }),
  product_images: z
    .array(z.string())
    .meta({ description: 'Sample image URLs of the templates, for the listing (at most 9)' }),
  credits: z.number().int().meta({ description: 'Credits the redeemer receives' }),
  templates: z.array(templateRef).meta({ description: 'The templates the code unlocks' }),
  tutorial_pdf: tutorialOut,
  credits_balance_after: z.number().int().meta({ description: "The tenant's allocatable credits after this claim" }),
  note: z.string().meta({ description: 'Your remark; empty when none' }),
});

export const createClaimOutput = claimOut.extend({ ok: z.literal(true) });

export const createClaimMeta = route('POST /tenant-claims', 'Claim codes', 'Create a claim code', {
  errors: CLAIM_CREATE_ERRORS,
  limit: 'claim',
  description:
    '`template_ids` (at least one; each your own or a platform-shared template, else 400), `credits` ' +
    '(positive whole number, taken from your allocatable credits at once; not enough: 409), optional ' +
    '`note`, `tutorial_pdf_url`, `tutorial_pdf_title` (default “AI生图核心技巧（教程PDF）”). Your own selected ' +
    'templates become gated. Everything happens in one transaction: if storing fails (500) no credits are ' +
    'taken. Tenant key only.',
});
