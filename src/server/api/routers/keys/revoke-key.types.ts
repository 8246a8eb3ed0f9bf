import { z } from 'zod';
import { KEY_REVOKE_ERRORS } from '@/server/domain/keys/named-keys';
import { route } from '@/server/api/meta';

export const revokeKeyOutput = z.object({
  ok: z.literal(true),
  id: z.uuid().meta({ description: 'The revoked key' }),
  revoked_at: z.string().meta({ description: 'When (ISO 8601); from the next request it answers 403' }),
});

export const revokeKeyMeta = route('DELETE /tenant-keys', 'Members', 'Revoke a named key', {
  errors: KEY_REVOKE_ERRORS,
  description:
    '`DELETE /api/tenant-keys?id=<id>`. The key answers 403 from the next request on every instance, for good. ' +
    'Another tenant’s key, one already revoked, or (for a member) another account’s: 404. A primary key is ' +
    'replaced by a rekey instead (400). The primary key or the console only.',
});
