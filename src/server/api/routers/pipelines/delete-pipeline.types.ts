import { notFoundError } from '@/server/errors';
import { z } from 'zod';
import { route } from '@/server/api/meta';

export const deletePipelineOutput = z.object({
  ok: z.literal(true),
  id: z.uuid().meta({ description: 'The deleted hook’s id' }),
  deleted: z.literal(true).meta({ description: 'Always true' }),
});

export const deletePipelineMeta = route('DELETE /template-hooks', 'Templates', 'Delete a template hook', {
  errors: [notFoundError('template hook')],
  limit: 'pipeline',
  // The REST operation id predates the router key; it is part of the published API.
  operationId: 'hooks-remove',
  description: '`DELETE /api/template-hooks?id=<id>`. Another tenant’s hook (or one already deleted): 404.',
});
