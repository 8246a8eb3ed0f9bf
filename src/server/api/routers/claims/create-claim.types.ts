import { z } from 'zod';
import { route } from '../../meta';

export const templateRef = z.object({ slug: z.string(), zh_name: z.string() });
export const tutorialOut = z.object({ url: z.string(), title: z.string() }).nullable();

export const claimOut = z.object({
  code: z.string().meta({ description: '20 characters, unguessable' }),
  claim_url: z.string().meta({ description: '{PUBLIC_BASE_URL}/claim/<code>' }),
  reply_text: z.string().meta({ description: 'A message ready to paste to the buyer' }),
  product_copy: z.string().meta({ description: 'Listing text, starting with the tenant named as provider' }),
  product_images: z.array(z.string()),
  credits: z.number().int(),
  templates: z.array(templateRef),
  tutorial_pdf: tutorialOut,
  credits_balance_after: z.number().int().meta({ description: "The tenant's allocatable credits after this claim" }),
  note: z.string(),
});

export const createClaimOutput = claimOut.extend({ ok: z.literal(true) });

export const createClaimMeta = route('POST /tenant-claims', 'Claim codes', 'Create a claim code', {
  description: '`template_ids` (at least one; each your own or a platform-shared template, else 400), `credits` (positive whole number, taken from your allocatable credits at once; not enough: 409), optional `note`, `tutorial_pdf_url`, `tutorial_pdf_title` (default “AI生图核心技巧（教程PDF）”). Your own selected templates become gated. Everything happens in one transaction: if storing fails (500) no credits are taken. Tenant key only.',
});
