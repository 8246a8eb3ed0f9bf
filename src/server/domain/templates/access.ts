import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Config } from '../../config';
import type { ScopedIdentity, Identity } from '../auth/identity';

/** `mine`: the caller's tenant's own rows; `platform`: shared rows with no tenant. */
export const templateSources = ['mine', 'platform', 'all'] as const;
export type TemplateSource = (typeof templateSources)[number];

interface Owned {
  tenantId: string | null;
  gated: boolean;
  active: boolean;
}

/**
 * Rows a tenant may see: its own (active or not, so it can reactivate them) and the platform's
 * active shared ones. The operator sees the platform's rows.
 */
export function visibleTo(
  who: Identity,
  cols: { tenantId: PgColumn; visibility: PgColumn; active: PgColumn },
  source: TemplateSource,
): SQL | undefined {
  const platform = and(isNull(cols.tenantId), eq(cols.visibility, 'shared'));
  if (who.kind === 'admin') return source === 'mine' ? sql`false` : platform;
  const mine = eq(cols.tenantId, who.tenantId);
  const platformActive = and(platform, eq(cols.active, true));
  if (source === 'mine') return mine;
  if (source === 'platform') return platformActive;
  return or(mine, platformActive);
}

export function sourceOf(row: { tenantId: string | null }): 'mine' | 'platform' {
  return row.tenantId === null ? 'platform' : 'mine';
}

/**
 * Whether the caller may read a template's content (prompt, fields, default images). Ungated
 * content is open to everyone who can see the row; gated content only to its owner tenant, the
 * operator, and holders of a claim code that includes the template (`grants`).
 */
export function canReadContent(who: Identity, row: Owned & { id: string }, grants: ReadonlySet<string> = new Set()): boolean {
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
