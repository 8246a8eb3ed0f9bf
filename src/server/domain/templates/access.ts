import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { templateGrants } from '@/server/db/schema';
import type { ScopedIdentity, Identity } from '@/server/domain/auth/identity';

/** `mine`: the caller's tenant's own rows; `platform`: shared rows with no tenant. */
export const templateSources = ['mine', 'platform', 'all'] as const;
export type TemplateSource = (typeof templateSources)[number];

interface Owned {
  tenantId: string | null;
  gated: boolean;
  active: boolean;
}

/**
 * Rows a tenant may see: its own (active or not, so it can reactivate them), the platform's active
 * shared ones and, for image and article templates (`withGrants`), active ones a redeemed claim code
 * granted it. The operator sees the platform's rows.
 */
export function visibleTo(
  who: Identity,
  cols: { id: PgColumn; tenantId: PgColumn; visibility: PgColumn; active: PgColumn },
  source: TemplateSource,
  opts: { withGrants?: boolean } = {},
): SQL | undefined {
  const platform = and(isNull(cols.tenantId), eq(cols.visibility, 'shared'));
  if (who.kind === 'admin') return source === 'mine' ? sql`false` : platform;
  const mine = eq(cols.tenantId, who.tenantId);
  const shared = opts.withGrants
    ? or(
        platform,
        sql`${cols.id} in (select ${templateGrants.templateId} from ${templateGrants} where ${templateGrants.tenantId} = ${who.tenantId})`,
      )
    : platform;
  const sharedActive = and(shared, eq(cols.active, true));
  if (source === 'mine') return mine;
  if (source === 'platform') return and(sharedActive, sql`${cols.tenantId} is distinct from ${who.tenantId}`);
  return or(mine, sharedActive);
}

/** `mine` for the caller's own rows; everything else it sees (shared, or granted by a claim code) is `platform`. */
export function sourceOf(row: { tenantId: string | null }, who?: Identity): 'mine' | 'platform' {
  if (row.tenantId === null) return 'platform';
  return !who || who.kind === 'admin' || row.tenantId === who.tenantId ? 'mine' : 'platform';
}

/**
 * Whether the caller may read a template's content (prompt, fields, default images). Ungated
 * content is open to everyone who can see the row; gated content only to its owner tenant, the
 * operator, and holders of a claim code that includes the template (`grants`).
 */
export function canReadContent(
  who: Identity,
  row: Owned & { id: string },
  grants: ReadonlySet<string> = new Set(),
): boolean {
  if (!row.gated) return true;
  if (who.kind === 'admin') return true;
  if (row.tenantId !== null && row.tenantId === who.tenantId) return true;
  return grants.has(row.id);
}

/** Whether the caller may change the row: the owner tenant (not its members), or the operator for platform rows. */
export function canWrite(who: Identity, row: { tenantId: string | null }): boolean {
  if (who.kind === 'admin') return row.tenantId === null;
  return who.kind === 'tenant' && row.tenantId === who.tenantId;
}

export function ownerOf(who: Identity): string | null {
  return who.kind === 'admin' ? null : who.tenantId;
}

export type WriterIdentity = Extract<Identity, { kind: 'admin' | 'tenant' }>;
export type ReaderIdentity = ScopedIdentity | Extract<Identity, { kind: 'admin' }>;

/** Catalogue files store thumbnails as site paths (`/thumbs/...`); callers get absolute URLs. */
export function absoluteUrl(config: Pick<Config, 'publicBaseUrl'>, url: string | null): string | null {
  if (url === null) return null;
  return url.startsWith('/') ? `${config.publicBaseUrl}${url}` : url;
}

/** Template ids a tenant was granted by redeemed claim codes (their gated content is open to it). */
export async function grantsOf(db: Db, who: Identity): Promise<Set<string>> {
  if (who.kind === 'admin') return new Set();
  const rows = await db
    .select({ id: templateGrants.templateId })
    .from(templateGrants)
    .where(eq(templateGrants.tenantId, who.tenantId));
  return new Set(rows.map((r) => r.id));
}
