import { z } from 'zod';
import { hookTypes } from '@/contracts/pipelines';
import { route } from '@/server/api/meta';

export const pipelineOut = z.object({
  id: z.uuid().meta({ description: 'Hook id' }),
  image_template_slug: z.string().meta({ description: 'Slug of the image template the hook hangs on' }),
  hook_type: z.enum(hookTypes).meta({ description: '`article` or `video`: the store of the downstream template' }),
  hook_template_slug: z.string().meta({ description: 'Slug of the downstream article or video template' }),
  enabled: z.boolean().meta({ description: 'false: switched off' }),
  note: z.string().meta({ description: 'Your remark; empty when none' }),
  created_at: z.string().meta({ description: 'When the binding was made (ISO 8601)' }),
  updated_at: z.string().meta({ description: 'When it last changed (ISO 8601)' }),
});

export const listPipelinesInput = z.object({
  image_template_slug: z.string().max(80).meta({ description: 'Only the hooks of this image template' }).optional(),
});
export const listPipelinesOutput = z.object({
  ok: z.literal(true),
  hooks: z.array(pipelineOut).meta({ description: 'Your tenant’s hooks' }),
});

export const listPipelinesMeta = route('GET /template-hooks', 'Templates', 'Template hooks', {
  // The REST operation id predates the router key; it is part of the published API.
  operationId: 'hooks-list',
  description:
    'Your tenant’s bindings from image templates to article or video templates; optional ' +
    '`image_template_slug` filter. Nothing fires automatically: after a generation callback, call ' +
    '`/api/article` (or the video endpoint) with the stored slug yourself.',
});
