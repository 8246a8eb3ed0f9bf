import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { tenants } from '@/server/db/schema';
import type { TenantIdentity } from '@/server/domain/auth/identity';
import { decryptSecret, encryptSecret } from '@/server/crypto';
import type { Deps } from '@/server/domain/deps';
import { notFound } from '@/server/errors';

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The tenant's callback signing secret (GET /api/webhook-secret). */
export async function getWebhookSecret(
  { db, config }: Pick<Deps, 'db' | 'config'>,
  who: TenantIdentity,
): Promise<{ secret: string }> {
  return { secret: await signingSecret(db, config.secret, who.tenantId) };
}

/** The secret that signs a tenant's callbacks, created on first use. */
export async function signingSecret(db: Db, serverSecret: Buffer, tenantId: string): Promise<string> {
  const [row] = await db.select({ c: tenants.webhookSecretCiphertext }).from(tenants).where(eq(tenants.id, tenantId));
  if (!row) throw notFound('Tenant');
  if (row.c) return decryptSecret(row.c, serverSecret);
  const fresh = newWebhookSecret();
  await db
    .update(tenants)
    .set({ webhookSecretCiphertext: encryptSecret(fresh, serverSecret) })
    .where(and(eq(tenants.id, tenantId), isNull(tenants.webhookSecretCiphertext)));
  // Another request may have created it first: read what won.
  const [after] = await db.select({ c: tenants.webhookSecretCiphertext }).from(tenants).where(eq(tenants.id, tenantId));
  return after?.c ? decryptSecret(after.c, serverSecret) : fresh;
}

/** Replaces the secret; callbacks signed afterwards use the new one. */
export async function rotateWebhookSecret(
  { db, config }: Pick<Deps, 'db' | 'config'>,
  who: TenantIdentity,
): Promise<{ secret: string }> {
  const fresh = newWebhookSecret();
  const [row] = await db
    .update(tenants)
    .set({ webhookSecretCiphertext: encryptSecret(fresh, config.secret) })
    .where(eq(tenants.id, who.tenantId))
    .returning({ id: tenants.id });
  if (!row) throw notFound('Tenant');
  return { secret: fresh };
}
