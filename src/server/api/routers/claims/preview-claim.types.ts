import { z } from 'zod';
import { claimStates } from '../../../../contracts/claims';
import { route } from '../../meta';
import { tutorialOut } from './create-claim.types';

export const previewClaimInput = z.object({ code: z.string().min(1, 'give the code').max(64) });

export const previewClaimOutput = z.object({
  ok: z.literal(true),
  code: z.string(),
  state: z.enum(claimStates),
  provider: z.string(),
  credits: z.number().int(),
  templates: z.array(
    z.object({ slug: z.string(), zh_name: z.string(), type: z.string(), description: z.string(), sample_images: z.array(z.string()) }),
  ),
  tutorial_pdf: tutorialOut,
  product_images: z.array(z.string()),
});

export const previewClaimMeta = route('GET /social-claims', 'Claim codes', 'Preview a claim code (no key)', {
  description: 'What the code gives: provider, credits, templates (names, descriptions, samples), tutorial. `state` is `open`, `redeemed` or `disabled`. Unknown code: 404.',
  protect: false,
});
