import { PIPELINE_BIND_ERRORS } from '@/server/domain/pipelines/pipelines';
import { z } from 'zod';
import { route } from '@/server/api/meta';
import { pipelineOut } from './list-pipelines.types';

export const updatePipelineOutput = z.object({
  ok: z.literal(true),
  hook: pipelineOut.meta({ description: 'The binding as it now is' }),
});

export const updatePipelineMeta = route('PATCH /template-hooks', 'Templates', 'Update a template hook', {
  errors: PIPELINE_BIND_ERRORS,
  limit: 'pipeline',
  // The REST operation id predates the router key; it is part of the published API.
  operationId: 'hooks-update',
  description: 'Body `id` plus `hook_template_slug`, `enabled` or `note`. Another tenant’s hook: 404.',
});
