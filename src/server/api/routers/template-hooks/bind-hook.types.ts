import { z } from 'zod';
import { route } from '@/server/api/meta';
import { hookOut } from './list-hooks.types';

export const bindHookOutput = z.object({
  ok: z.literal(true),
  created: z.boolean().meta({ description: 'true: a new binding; false: the existing binding for this image template and type was updated' }),
  hook: hookOut.meta({ description: 'The binding as it now is' }),
});

export const bindHookMeta = route('POST /template-hooks', 'Templates', 'Bind a template hook', {
  description: 'Body `image_template_slug`, `hook_type` (`article` or `video`), `hook_template_slug`, optional `enabled` (default true) and `note`. Posting again for the same image template and hook type updates that binding (`created: false`); there is never a second one. Both slugs must exist in the matching store (400 otherwise). Tenant key only.',
});
