import { z } from 'zod';
import { KEY_CREATE_ERRORS } from '@/server/domain/keys/named-keys';
import { route } from '@/server/api/meta';
import { keyOut } from './list-keys.types';

export const createKeyOutput = z.object({
  ok: z.literal(true),
  api_key: z.string().meta({ description: 'The new key, in plain text: shown this once, never again' }),
  key: keyOut.meta({ description: 'The key as lists show it' }),
});

export const createKeyMeta = route('POST /tenant-keys', 'Members', 'Create a named key', {
  errors: KEY_CREATE_ERRORS,
  limit: 'key_create',
  description:
    'Body `label`, optional `account_id` (a member of your tenant; members create their own keys) and `policy` ' +
    '(`kinds`, `expires_at`, `allowed_ips`, `requests_per_minute`; an absent field restricts nothing). The key ' +
    'is answered once and kept as a SHA-256 digest only. A request outside the policy is refused before ' +
    'anything runs or is charged: 401 expired, 403 address or kind not allowed, 429 over its rate. The primary ' +
    'key or the console only (a named key gets 403).',
});
