import { z } from 'zod';
import { hookTypes } from '../../../../contracts/template-hooks';
import { route } from '../../meta';

export const hookOut = z.object({
  id: z.uuid(),
  image_template_slug: z.string(),
  hook_type: z.enum(hookTypes),
  hook_template_slug: z.string(),
  enabled: z.boolean(),
  note: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const listHooksInput = z.object({ image_template_slug: z.string().max(80).optional() });
export const listHooksOutput = z.object({ ok: z.literal(true), hooks: z.array(hookOut) });

export const listHooksMeta = route('GET /template-hooks', 'Templates', 'Template hooks', {
  description: 'Your tenant’s bindings from image templates to article or video templates; optional `image_template_slug` filter. Nothing fires automatically: after a generation callback, call `/api/article` (or the video endpoint) with the stored slug yourself.',
});
