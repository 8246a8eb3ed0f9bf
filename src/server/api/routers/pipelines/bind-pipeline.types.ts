import { PIPELINE_BIND_ERRORS } from '@/server/domain/pipelines/pipelines';
import { z } from 'zod';
import { route } from '@/server/api/meta';
import { pipelineOut } from './list-pipelines.types';

export const bindPipelineOutput = z.object({
  ok: z.literal(true),
  created: z.boolean().meta({
    description: 'true: a new binding; false: the existing binding for this image template and type was updated',
  }),
  hook: pipelineOut.meta({ description: 'The binding as it now is' }),
});

export const bindPipelineMeta = route('POST /template-hooks', 'Templates', 'Bind a template hook', {
  errors: PIPELINE_BIND_ERRORS,
  limit: 'pipeline',
  // The REST operation id predates the router key; it is part of the published API.
  operationId: 'hooks-bind',
  description:
    'Body `image_template_slug`, `hook_type` (`article` or `video`), `hook_template_slug`, optional ' +
    '`enabled` (default true) and `note`. Posting again for the same image template and hook type updates ' +
    'that binding (`created: false`); there is never a second one. Both slugs must exist in the matching ' +
    'store (400 otherwise). Tenant key only.',
});
