import { z } from 'zod';
import { KEY_UPDATE_ERRORS, MEMBER_POLICY_ERRORS } from '@/server/domain/keys/key-edit';
import { route } from '@/server/api/meta';
import { keyOut, keyPolicyOut } from './list-keys.types';

export const updateKeyOutput = z.object({
  ok: z.literal(true),
  key: keyOut.meta({ description: 'The key as it now is' }),
});

export const updateKeyMeta = route('PATCH /tenant-keys', 'Members', 'Change a key’s label or policy', {
  errors: KEY_UPDATE_ERRORS,
  limit: 'key_create',
  description:
    'Body `id` plus `label` (named keys) and/or `policy` (replaced whole; `null` removes it). A primary key ' +
    '(the `api_key` of an account) takes a policy too; a member changes its own named keys only. Audited; ' +
    'holds from the next request on every instance. The primary key or the console only (a named key gets 403).',
});

export const memberKeyPolicyOutput = z.object({
  ok: z.literal(true),
  account_id: z.uuid().meta({ description: 'The member account' }),
  policy: keyPolicyOut.nullable().meta({ description: 'Its default key policy now; null: none' }),
});

export const memberKeyPolicyMeta = route('PUT /tenant-key-defaults', 'Members', 'Set a member’s default key policy', {
  errors: MEMBER_POLICY_ERRORS,
  limit: 'key_create',
  description:
    'Body `account_id` and `policy` (`null` removes it). Each key of the member (its primary key and its named ' +
    'keys) that has no policy of its own takes this one whole; a key with a policy of its own keeps only its own. ' +
    'The tenant only; audited.',
});
