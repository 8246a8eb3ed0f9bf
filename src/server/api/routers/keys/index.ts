import { router } from '@/server/api/trpc';
import { createKeyProcedure } from './create-key';
import { listKeysProcedure } from './list-keys';
import { revokeKeyProcedure } from './revoke-key';
import { memberKeyPolicyProcedure } from './member-key-policy';
import { updateKeyProcedure } from './update-key';

export const keysRouter = router({
  list: listKeysProcedure,
  create: createKeyProcedure,
  revoke: revokeKeyProcedure,
  update: updateKeyProcedure,
  memberPolicy: memberKeyPolicyProcedure,
});
