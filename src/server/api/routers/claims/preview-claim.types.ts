import { notFoundError } from '@/server/errors';
import { z } from 'zod';
import { claimStates } from '@/contracts/claims';
import { route } from '@/server/api/meta';
import { tutorialOut } from './create-claim.types';
import { fieldSpecOut } from '@/server/api/routers/templates/list-templates.types';

export const previewClaimInput = z.object({
  code: z.string().min(1, 'give the code').max(64).meta({ description: 'The claim code' }),
});

export const previewClaimOutput = z.object({
  ok: z.literal(true),
  code: z.string().meta({ description: 'The claim code' }),
  state: z.enum(claimStates).meta({ description: '`open` (can be redeemed), `redeemed` or `disabled`' }),
  provider: z.string().meta({ description: 'Name of the tenant that sold the code' }),
  credits: z.number().int().meta({ description: 'Credits the code gives' }),
  templates: z
    .array(
      z.object({
        slug: z.string().meta({ description: 'Template slug' }),
        zh_name: z.string().meta({ description: 'Template display name' }),
        type: z.string().meta({ description: '`image` or `article`' }),
        description: z.string().meta({ description: 'What the template makes; empty when none' }),
        sample_images: z.array(z.string()).meta({ description: 'URLs of example results' }),
        exclusive: z.boolean().meta({
          description:
            "Opened by the code (the seller's own, or a gated platform template); false: a platform template every account may use",
        }),
        fields: z
          .array(
            fieldSpecOut.pick({
              key: true,
              label: true,
              type: true,
              required: true,
              options: true,
              min: true,
              max: true,
              integer: true,
            }),
          )
          .meta({
            description:
              'The form the buyer fills when using the template (no prompt, placeholders or defaults); empty: one sentence',
          }),
      }),
    )
    .meta({ description: 'The templates the code unlocks' }),
  tutorial_pdf: tutorialOut,
  product_images: z.array(z.string()).meta({ description: 'Sample image URLs of the templates (at most 9)' }),
});

export const previewClaimMeta = route('GET /social-claims', 'Claim codes', 'Preview a claim code (no key)', {
  errors: [notFoundError('claim code')],
  description:
    'What the code gives: provider, credits, templates (names, descriptions, samples), tutorial. `state` ' +
    'is `open`, `redeemed` or `disabled`. Unknown code: 404.',
  protect: false,
});
