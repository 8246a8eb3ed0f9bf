import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { accounts, apiKeys, type ApiKey, type KeyPolicy } from '@/server/db/schema';
import { announceCredentialChange } from '@/server/credential-changes';
import type { ScopedIdentity } from '@/server/domain/auth/identity';
import { digestKey, generateApiKey, KEY_PREFIX } from '@/server/domain/auth/keys';
import { AppError, declared, fieldError, notFoundError, type DeclaredError } from '@/server/errors';
import { MAX_NAMED_KEYS, type KeyPolicyInput } from '@/contracts/keys';

/** A key as lists show it: never the key itself, nor its digest. */
export interface KeyView {
  id: string;
  label: string | null;
  primary: boolean;
  account_id: string | null;
  hint: string | null;
  policy: KeyPolicy | null;
  created_at: string;
  last_used_at: string | null;
  last_used_from: string | null;
}

const NAMED_KEY_MANAGES =
  'A named key cannot manage keys (so a restricted key cannot make an unrestricted one): use the primary key or the console; do not retry with this key';

export const KEY_CREATE_ERRORS: readonly DeclaredError[] = [
  declared('FORBIDDEN', NAMED_KEY_MANAGES),
  declared('FORBIDDEN', 'A member key names another account: a member manages its own keys only'),
  notFoundError('member account'),
  declared('BAD_REQUEST', '`policy.expires_at` is in the past'),
  declared('CONFLICT', `The owner already holds ${MAX_NAMED_KEYS} live named keys: revoke one first`),
];

export const KEY_LIST_ERRORS: readonly DeclaredError[] = [
  declared('FORBIDDEN', NAMED_KEY_MANAGES),
  declared('FORBIDDEN', 'A member key names another account: a member manages its own keys only'),
  notFoundError('member account'),
];

export const KEY_REVOKE_ERRORS: readonly DeclaredError[] = [
  declared('FORBIDDEN', NAMED_KEY_MANAGES),
  notFoundError('named key'),
  declared('BAD_REQUEST', 'The primary key is replaced by a rekey, not revoked'),
];

export function refuseNamedKey(who: ScopedIdentity): void {
  if (who.key?.named) throw new AppError('FORBIDDEN', NAMED_KEY_MANAGES);
}

/** The account whose keys `who` names: a member's own; for the tenant the given member (checked) or itself (null). */
export async function ownerOf(db: Db, who: ScopedIdentity, accountId: string | undefined): Promise<string | null> {
  if (who.kind === 'member') {
    if (accountId !== undefined && accountId !== who.accountId)
      throw new AppError('FORBIDDEN', 'A member manages its own keys only: leave out account_id or give your own');
    return who.accountId;
  }
  if (accountId === undefined) return null;
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.id, accountId), eq(accounts.tenantId, who.tenantId)));
  if (!row) throw new AppError('NOT_FOUND', 'No such member account in this tenant');
  return row.id;
}

const ownerIs = (accountId: string | null) =>
  accountId === null ? isNull(apiKeys.accountId) : eq(apiKeys.accountId, accountId);

export function view(row: ApiKey, hint: string | null): KeyView {
  return {
    id: row.id,
    label: row.label,
    primary: row.primary,
    account_id: row.accountId,
    hint,
    policy: row.policy ?? null,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    last_used_from: row.lastUsedFrom,
  };
}

/** How lists show a key: the prefix and the last four characters. */
const hintOf = (key: string) => `${KEY_PREFIX}…${key.slice(-4)}`;

/**
 * Creates a named key for the tenant or one of its members (a member: for itself), with its label and
 * policy. Answers the key once: only its digest is kept.
 */
export async function createKey(
  { db }: { db: Db },
  who: ScopedIdentity,
  input: { label: string; account_id?: string | undefined; policy?: KeyPolicyInput | undefined },
): Promise<{ key: string; view: KeyView }> {
  refuseNamedKey(who);
  if (input.policy?.expires_at !== undefined && Date.parse(input.policy.expires_at) <= Date.now())
    throw fieldError(['policy', 'expires_at'], 'is in the past: give a moment still to come');
  const key = generateApiKey();
  const policy = normalPolicy(input.policy);
  return db.transaction(async (tx) => {
    const owner = await ownerOf(tx, who, input.account_id);
    // The owner's row is locked, so two creations cannot both pass the count.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`named-keys:${who.tenantId}:${owner ?? ''}`}))`);
    const [live] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(
        and(eq(apiKeys.tenantId, who.tenantId), ownerIs(owner), eq(apiKeys.primary, false), isNull(apiKeys.revokedAt)),
      );
    if ((live?.n ?? 0) >= MAX_NAMED_KEYS)
      throw new AppError('CONFLICT', `This owner already holds ${MAX_NAMED_KEYS} live named keys: revoke one first`);
    const [row] = await tx
      .insert(apiKeys)
      .values({
        digest: digestKey(key),
        ciphertext: null,
        tenantId: who.tenantId,
        accountId: owner,
        primary: false,
        label: input.label,
        hint: hintOf(key),
        policy,
      })
      .returning();
    if (!row) throw new Error('the key was not inserted');
    return { key, view: view(row, row.hint) };
  });
}

/** A policy as stored: ranges trimmed, the expiry in UTC; an empty one is none (null). */
export function normalPolicy(p: KeyPolicyInput | null | undefined): KeyPolicy | null {
  if (!p || Object.keys(p).length === 0) return null;
  return {
    ...(p.kinds ? { kinds: p.kinds } : {}),
    ...(p.expires_at ? { expires_at: new Date(p.expires_at).toISOString() } : {}),
    ...(p.allowed_ips ? { allowed_ips: p.allowed_ips.map((r) => r.trim()) } : {}),
    ...(p.requests_per_minute !== undefined ? { requests_per_minute: p.requests_per_minute } : {}),
    ...(p.models ? { models: p.models.map((m) => m.trim()) } : {}),
    ...(p.max_concurrent !== undefined ? { max_concurrent: p.max_concurrent } : {}),
    ...(p.spend_cap ? { spend_cap: { credits: p.spend_cap.credits, period: p.spend_cap.period } } : {}),
  };
}

/**
 * The live keys `who` may manage, newest first: a member's own; the tenant's own and its members'
 * (or one member's, with `account_id`). Primary keys are listed too (`primary`), without their hint.
 */
export async function listKeys(
  { db }: { db: Db },
  who: ScopedIdentity,
  input: { account_id?: string | undefined },
): Promise<{ keys: KeyView[] }> {
  refuseNamedKey(who);
  const owner =
    who.kind === 'member' || input.account_id !== undefined ? await ownerOf(db, who, input.account_id) : undefined;
  const rows = await db
    .select()
    .from(apiKeys)
    .where(
      and(
        eq(apiKeys.tenantId, who.tenantId),
        isNull(apiKeys.revokedAt),
        owner === undefined ? undefined : ownerIs(owner),
      ),
    )
    .orderBy(desc(apiKeys.primary), desc(apiKeys.createdAt), desc(apiKeys.id));
  return { keys: rows.map((r) => view(r, r.hint)) };
}

/** Revokes a named key: refused from the next request on every instance (403, never again valid). */
export async function revokeKey(
  { db }: { db: Db },
  who: ScopedIdentity,
  input: { id: string },
): Promise<{ id: string; revoked_at: string }> {
  refuseNamedKey(who);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: apiKeys.id, primary: apiKeys.primary, accountId: apiKeys.accountId })
      .from(apiKeys)
      .where(and(eq(apiKeys.id, input.id), eq(apiKeys.tenantId, who.tenantId), isNull(apiKeys.revokedAt)))
      .for('update');
    if (!row || (who.kind === 'member' && row.accountId !== who.accountId))
      throw new AppError('NOT_FOUND', 'No such live named key in this tenant');
    if (row.primary) throw new AppError('BAD_REQUEST', 'This is a primary key: it is replaced by a rekey, not revoked');
    const at = new Date();
    await tx.update(apiKeys).set({ revokedAt: at }).where(eq(apiKeys.id, row.id));
    // Kept resolutions of the tenant's keys are dropped on every instance (delivered at commit).
    await announceCredentialChange(tx, who.tenantId);
    return { id: row.id, revoked_at: at.toISOString() };
  });
}
