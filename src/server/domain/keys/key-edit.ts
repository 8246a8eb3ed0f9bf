import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { accounts, apiKeys } from '@/server/db/schema';
import { announceCredentialChange } from '@/server/credential-changes';
import type { ScopedIdentity } from '@/server/domain/auth/identity';
import { recordAudit } from '@/server/domain/audit/audit';
import { currentRequestId } from '@/server/request-id';
import { AppError, declared, fieldError, notFoundError, type DeclaredError } from '@/server/errors';
import type { KeyPolicyInput } from '@/contracts/keys';
import { normalPolicy, refuseNamedKey, view, type KeyView } from './named-keys';

/*
 * Changing keys after their creation: a key's label and policy (named and primary keys alike), and a
 * member's default policy, which its keys without a policy of their own take whole. Each change is
 * audited in its own transaction and holds from the next request on every instance.
 */

const NAMED_KEY_MANAGES =
  'A named key cannot manage keys (so a restricted key cannot make an unrestricted one): use the primary key or the console; do not retry with this key';

const PRIMARY_IS_TENANTS =
  'The policy of a member’s primary key is set by the tenant: a member changes its named keys only; do not retry';

export const KEY_UPDATE_ERRORS: readonly DeclaredError[] = [
  declared('FORBIDDEN', NAMED_KEY_MANAGES),
  declared('FORBIDDEN', PRIMARY_IS_TENANTS),
  notFoundError('key'),
  declared('BAD_REQUEST', '`policy.expires_at` is in the past, or `label` was given for a primary key'),
];

export const MEMBER_POLICY_ERRORS: readonly DeclaredError[] = [
  declared('FORBIDDEN', NAMED_KEY_MANAGES),
  declared('FORBIDDEN', 'Only the tenant sets a member’s default key policy'),
  notFoundError('member account'),
  declared('BAD_REQUEST', '`policy.expires_at` is in the past'),
];

/** Who changed it, as the audit log names it. */
const actorOf = (who: ScopedIdentity) =>
  who.kind === 'member' ? 'member-key' : who.via === 'session' ? 'tenant-console' : 'tenant-key';

function checkExpiry(policy: KeyPolicyInput | null | undefined): void {
  if (policy?.expires_at !== undefined && Date.parse(policy.expires_at) <= Date.now())
    throw fieldError(['policy', 'expires_at'], 'is in the past: give a moment still to come');
}

/**
 * Changes a live key's label (named keys) and policy (replaced whole; null removes it): a tenant any
 * key of its own or its members', a member its own named keys (as it creates them with a policy of
 * its choosing). A member's primary key's policy is the tenant's to set: a member gets 403.
 */
export async function updateKey(
  { db }: { db: Db },
  who: ScopedIdentity,
  input: { id: string; label?: string | undefined; policy?: KeyPolicyInput | null | undefined },
): Promise<{ key: KeyView }> {
  refuseNamedKey(who);
  checkExpiry(input.policy);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, input.id), eq(apiKeys.tenantId, who.tenantId), isNull(apiKeys.revokedAt)))
      .for('update');
    if (!row || (who.kind === 'member' && row.accountId !== who.accountId))
      throw new AppError('NOT_FOUND', 'No such live key in this tenant');
    if (who.kind === 'member' && row.primary) throw new AppError('FORBIDDEN', PRIMARY_IS_TENANTS);
    if (input.label !== undefined && row.primary)
      throw fieldError(['label'], 'a primary key has no label: leave the field out');
    const set = {
      ...(input.label !== undefined ? { label: input.label } : {}),
      ...(input.policy !== undefined ? { policy: normalPolicy(input.policy) } : {}),
    };
    if (Object.keys(set).length === 0) return { key: view(row, row.hint) };
    const [after] = await tx.update(apiKeys).set(set).where(eq(apiKeys.id, row.id)).returning();
    if (!after) throw new Error('the key was not updated');
    await recordAudit(tx, {
      actor: actorOf(who),
      action: 'key-update',
      targetKind: 'api_key',
      targetId: row.id,
      tenantId: who.tenantId,
      body: { ...set },
      before: { label: row.label, policy: row.policy },
      after: { label: after.label, policy: after.policy },
      requestId: currentRequestId() ?? null,
    });
    // Kept resolutions of the tenant's keys are dropped on every instance (delivered at commit).
    await announceCredentialChange(tx, who.tenantId);
    return { key: view(after, after.hint) };
  });
}

/**
 * Sets (or with null removes) a member's default key policy: the policy of each of the member's keys
 * (primary and named) that has none of its own, applied whole. The tenant only.
 */
export async function setMemberKeyPolicy(
  { db }: { db: Db },
  who: ScopedIdentity,
  input: { account_id: string; policy: KeyPolicyInput | null },
): Promise<{ account_id: string; policy: ReturnType<typeof normalPolicy> }> {
  refuseNamedKey(who);
  if (who.kind === 'member')
    throw new AppError(
      'FORBIDDEN',
      'Only the tenant sets a member’s default key policy; do not retry with a member key',
    );
  checkExpiry(input.policy);
  const policy = normalPolicy(input.policy);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: accounts.id, before: accounts.defaultKeyPolicy })
      .from(accounts)
      .where(and(eq(accounts.id, input.account_id), eq(accounts.tenantId, who.tenantId)))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND', 'No such member account in this tenant');
    await tx.update(accounts).set({ defaultKeyPolicy: policy }).where(eq(accounts.id, row.id));
    await recordAudit(tx, {
      actor: actorOf(who),
      action: 'member-key-policy',
      targetKind: 'account',
      targetId: row.id,
      tenantId: who.tenantId,
      body: { policy },
      before: { policy: row.before },
      after: { policy },
      requestId: currentRequestId() ?? null,
    });
    await announceCredentialChange(tx, who.tenantId);
    return { account_id: row.id, policy };
  });
}
