import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, stamp } from './columns';
import { tenantRef } from './tenants';

/**
 * A tenant's single sign-on (OpenID Connect): its own provider (issuer, client id, client secret
 * encrypted with the instance secret) or, with `issuer` null, the platform's (STUDIO_SSO_*). Its
 * console users sign in there and are matched by verified e-mail within `sso_domains`.
 */
export const ssoConfigs = pgTable(
  'sso_configs',
  {
    tenantId: tenantRef().primaryKey(),
    /** The tenant's sign-in link: `/login/sso/<slug>`. */
    slug: text().notNull(),
    issuer: text(),
    clientId: text(),
    clientSecretCiphertext: text(),
    /** Whether a verified e-mail of an allowed domain without a console user becomes a new tenant admin. */
    createAccounts: boolean().notNull().default(false),
    /** Null: configured but switched off (the sign-in link refuses). */
    enabledAt: at(),
    updatedAt: stamp(),
  },
  (t) => [uniqueIndex('sso_configs_slug_uq').on(t.slug)],
);

/** The e-mail domains a tenant's single sign-on accepts; a domain belongs to one tenant (it finds the tenant). */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    domain: text().primaryKey(),
    tenantId: tenantRef(),
  },
  (t) => [index('sso_domains_tenant_idx').on(t.tenantId)],
);

export type SsoConfig = typeof ssoConfigs.$inferSelect;
