import { z } from 'zod';
import { route } from '@/server/api/meta';
import { hookOut } from './list-hooks.types';

export const updateHookOutput = z.object({ ok: z.literal(true), hook: hookOut.meta({ description: 'The binding as it now is' }) });

export const updateHookMeta = route('PATCH /template-hooks', 'Templates', 'Update a template hook', {
  description: 'Body `id` plus `hook_template_slug`, `enabled` or `note`. Another tenant’s hook: 404.',
});
