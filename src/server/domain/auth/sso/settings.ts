import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import type { SsoSettings } from '@/server/config-types';
import { encryptSecret, decryptSecret } from '@/server/crypto';
import { isUniqueViolation } from '@/server/db/rows';
import { recordAudit } from '@/server/domain/audit/audit';
import { ssoConfigs, ssoDomains, tenants } from '@/server/db/schema';
import { discover, parseIssuer, ProviderUnreachable } from './provider';

type Deps = { db: Db; config: { secret: Buffer; sso?: SsoSettings | null } };

/** What the tenant admin sees of the tenant's single sign-on (never the client secret). */
export interface SsoView {
  slug: string;
  /** Empty: the platform's provider. */
  issuer: string;
  clientId: string;
  hasSecret: boolean;
  domains: string[];
  createAccounts: boolean;
  enabled: boolean;
}

/** The form as typed; an empty secret keeps the stored one. */
export interface SsoInput {
  slug: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  domains: string;
  createAccounts: boolean;
  enabled: boolean;
}

/** A field the save refused and why (a code the console words in both languages). */
export type SsoRefusal =
  | { field: 'slug'; rule: 'slug_invalid' | 'slug_taken' }
  | { field: 'issuer'; rule: 'issuer_invalid' | 'platform_missing' }
  | { field: 'issuer'; rule: 'issuer_unreachable'; detail: string }
  | { field: 'clientId'; rule: 'client_id_required' }
  | { field: 'clientSecret'; rule: 'client_secret_required' }
  | { field: 'domains'; rule: 'domains_invalid' | 'domains_required' }
  | { field: 'domains'; rule: 'domain_taken'; detail: string };

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;
/** Paths under /login/sso/ that are not a tenant's link. */
const RESERVED_SLUGS = new Set(['callback', 'refused', 'start']);
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** The allowed domains as typed (commas, spaces or new lines between them), lower case, once each; null when one is no domain. */
export function parseDomains(raw: string): string[] | null {
  const list = [
    ...new Set(
      raw
        .split(/[\s,;]+/)
        .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
        .filter(Boolean),
    ),
  ];
  return list.every((d) => DOMAIN.test(d)) ? list : null;
}

/** The domain of an e-mail address, lower case, or null. */
export function emailDomain(email: string): string | null {
  const at = email.lastIndexOf('@');
  return at > 0 ? email.slice(at + 1).toLowerCase() : null;
}

export async function readSsoSettings(db: Db, tenantId: string): Promise<SsoView | null> {
  const [row] = await db.select().from(ssoConfigs).where(eq(ssoConfigs.tenantId, tenantId));
  if (!row) return null;
  const domains = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(eq(ssoDomains.tenantId, tenantId))
    .orderBy(ssoDomains.domain);
  return {
    slug: row.slug,
    issuer: row.issuer ?? '',
    clientId: row.clientId ?? '',
    hasSecret: row.clientSecretCiphertext !== null,
    domains: domains.map((d) => d.domain),
    createAccounts: row.createAccounts,
    enabled: row.enabledAt !== null,
  };
}

/**
 * Saves the tenant's single sign-on. An own provider is checked by fetching its discovery document
 * (a provider that does not answer is refused, naming why); an empty issuer uses the platform's
 * provider, which must be configured. A domain belongs to one tenant. One transaction.
 */
export async function saveSsoSettings(
  { db, config }: Deps,
  tenantId: string,
  input: SsoInput,
): Promise<{ ok: true } | { ok: false; refused: SsoRefusal }> {
  const slug = input.slug.trim().toLowerCase();
  if (!SLUG.test(slug) || RESERVED_SLUGS.has(slug))
    return { ok: false, refused: { field: 'slug', rule: 'slug_invalid' } };
  const domains = parseDomains(input.domains);
  if (!domains) return { ok: false, refused: { field: 'domains', rule: 'domains_invalid' } };
  if (!domains.length) return { ok: false, refused: { field: 'domains', rule: 'domains_required' } };
  const [existing] = await db.select().from(ssoConfigs).where(eq(ssoConfigs.tenantId, tenantId));

  const own = input.issuer.trim() !== '';
  let issuer: string | null = null;
  let clientId: string | null = null;
  let secretCiphertext: string | null = null;
  if (own) {
    const url = parseIssuer(input.issuer);
    if (!url) return { ok: false, refused: { field: 'issuer', rule: 'issuer_invalid' } };
    clientId = input.clientId.trim();
    if (!clientId || clientId.length > 300)
      return { ok: false, refused: { field: 'clientId', rule: 'client_id_required' } };
    const secret = input.clientSecret;
    if (secret.length > 1000) return { ok: false, refused: { field: 'clientSecret', rule: 'client_secret_required' } };
    secretCiphertext = secret ? encryptSecret(secret, config.secret) : (existing?.clientSecretCiphertext ?? null);
    if (!secretCiphertext) return { ok: false, refused: { field: 'clientSecret', rule: 'client_secret_required' } };
    try {
      const server = await discover(url);
      issuer = server.issuer;
    } catch (err) {
      const detail = err instanceof ProviderUnreachable ? err.message : 'the provider did not answer';
      return { ok: false, refused: { field: 'issuer', rule: 'issuer_unreachable', detail } };
    }
  } else if (!config.sso) {
    return { ok: false, refused: { field: 'issuer', rule: 'platform_missing' } };
  }

  const taken = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(and(inArray(ssoDomains.domain, domains), ne(ssoDomains.tenantId, tenantId)))
    .limit(1);
  if (taken[0]) return { ok: false, refused: { field: 'domains', rule: 'domain_taken', detail: taken[0].domain } };

  const values = {
    slug,
    issuer,
    clientId,
    clientSecretCiphertext: secretCiphertext,
    createAccounts: input.createAccounts,
    enabledAt: input.enabled ? (existing?.enabledAt ?? new Date()) : null,
    updatedAt: new Date(),
  };
  try {
    await db.transaction(async (tx) => {
      await tx
        .insert(ssoConfigs)
        .values({ tenantId, ...values })
        .onConflictDoUpdate({ target: ssoConfigs.tenantId, set: values });
      await tx.delete(ssoDomains).where(eq(ssoDomains.tenantId, tenantId));
      await tx.insert(ssoDomains).values(domains.map((domain) => ({ domain, tenantId })));
      // The secret is never recorded: only whether one is kept.
      const after = { slug, issuer, clientId, domains, createAccounts: input.createAccounts, enabled: input.enabled };
      await recordAudit(tx, {
        actor: 'tenant-console',
        action: 'sso.configure',
        targetKind: 'sso',
        targetId: tenantId,
        tenantId,
        body: { ...after, clientSecretChanged: input.clientSecret !== '' },
        before: existing ? { slug: existing.slug, issuer: existing.issuer, clientId: existing.clientId } : null,
        after,
        requestId: null,
      });
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // Another tenant took the slug or a domain between the check and the write.
    const [slugOwner] = await db
      .select({ tenantId: ssoConfigs.tenantId })
      .from(ssoConfigs)
      .where(and(eq(ssoConfigs.slug, slug), ne(ssoConfigs.tenantId, tenantId)));
    return slugOwner
      ? { ok: false, refused: { field: 'slug', rule: 'slug_taken' } }
      : { ok: false, refused: { field: 'domains', rule: 'domain_taken', detail: domains.join(', ') } };
  }
  return { ok: true };
}

/** A tenant's single sign-on as a sign-in uses it: the provider to send the person to, and the rules. */
export interface SsoTenant {
  tenantId: string;
  slug: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  domains: string[];
  createAccounts: boolean;
}

/**
 * The switched-on single sign-on of the tenant with this slug, or of the tenant that holds this e-mail
 * domain; null when there is none (or the tenant is disabled, or it relies on a platform provider
 * that is no longer configured).
 */
export async function findSsoTenant(
  { db, config }: Deps,
  by: { slug: string } | { domain: string },
): Promise<SsoTenant | null> {
  let tenantId: string | undefined;
  if ('slug' in by) {
    const [row] = await db
      .select({ tenantId: ssoConfigs.tenantId })
      .from(ssoConfigs)
      .where(eq(ssoConfigs.slug, by.slug.toLowerCase()));
    tenantId = row?.tenantId;
  } else {
    const [row] = await db
      .select({ tenantId: ssoDomains.tenantId })
      .from(ssoDomains)
      .where(eq(ssoDomains.domain, by.domain.toLowerCase()));
    tenantId = row?.tenantId;
  }
  return tenantId ? ssoTenantById({ db, config }, tenantId) : null;
}

export async function ssoTenantById({ db, config }: Deps, tenantId: string): Promise<SsoTenant | null> {
  const [row] = await db
    .select({ sso: ssoConfigs, disabledAt: tenants.disabledAt })
    .from(ssoConfigs)
    .innerJoin(tenants, eq(tenants.id, ssoConfigs.tenantId))
    .where(eq(ssoConfigs.tenantId, tenantId));
  if (!row || row.disabledAt || !row.sso.enabledAt) return null;
  const { sso } = row;
  const provider =
    sso.issuer && sso.clientId && sso.clientSecretCiphertext
      ? {
          issuer: sso.issuer,
          clientId: sso.clientId,
          clientSecret: decryptSecret(sso.clientSecretCiphertext, config.secret),
        }
      : config.sso;
  if (!provider) return null;
  const domains = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(eq(ssoDomains.tenantId, tenantId));
  return {
    tenantId,
    slug: sso.slug,
    ...provider,
    domains: domains.map((d) => d.domain),
    createAccounts: sso.createAccounts,
  };
}
