import { z } from 'zod';
import { route } from '@/server/api/meta';

export const deleteHookOutput = z.object({
  ok: z.literal(true),
  id: z.uuid().meta({ description: 'The deleted hook’s id' }),
  deleted: z.literal(true).meta({ description: 'Always true' }),
});

export const deleteHookMeta = route('DELETE /template-hooks', 'Templates', 'Delete a template hook', {
  description: '`DELETE /api/template-hooks?id=<id>`. Another tenant’s hook (or one already deleted): 404.',
});
