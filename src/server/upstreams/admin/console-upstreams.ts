import { and, eq, ne, sql } from 'drizzle-orm';
import type { UpstreamUpsert } from '@/contracts/upstreams';
import type { Db } from '@/server/db/client';
import { upstreams, type UpstreamRow } from '@/server/db/schema';
import { encryptSecret } from '@/server/crypto';
import { AppError, fieldError, notFound } from '@/server/errors';
import { invalidateCandidates } from '@/server/upstreams/registry';

/** Why a channel defined outside the console cannot be changed here, in words for the operator. */
function notConsoleOwned(row: UpstreamRow): AppError {
  const where =
    row.source === 'file'
      ? 'the upstreams file (STUDIO_UPSTREAMS_FILE); change it there, the next start applies it'
      : 'the bundled simulator; configure STUDIO_UPSTREAMS_FILE to define channels of your own';
  return new AppError(
    'CONFLICT',
    `Channel "${row.name}" comes from ${where}. Its switch and rating change with upstream-update.`,
    { reason: 'conflict' },
  );
}

/**
 * Adds or changes a channel defined in the operator console (source `console`), in one
 * transaction. A new name needs `api_key`; an edit without it keeps the stored key. A retired
 * channel's name may be taken again (its history stays with the name). Channels from the file or
 * the simulator are refused: a file sync at the next start would overwrite the change.
 */
export async function upsertConsoleUpstream(
  db: Db,
  secret: Buffer,
  input: UpstreamUpsert,
): Promise<{ created: boolean }> {
  const created = await db.transaction(async (tx) => {
    const [existing] = await tx.select().from(upstreams).where(eq(upstreams.name, input.name)).for('update');
    if (existing && existing.source !== 'console' && existing.source !== 'retired') throw notConsoleOwned(existing);
    if (!existing && input.api_key === undefined) throw fieldError(['api_key'], 'is required for a new channel');
    await refuseNameClashes(tx, input);
    const keyChanged = input.api_key !== undefined;
    const fields = {
      provider: input.provider,
      adapter: input.adapter,
      baseUrl: input.base_url.replace(/\/+$/, ''),
      softTimeoutMs: input.soft_timeout_ms,
      models: input.models,
      source: 'console' as const,
      simulated: false,
      updatedAt: new Date(),
      ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
      ...(keyChanged ? { keyCiphertext: encryptSecret(input.api_key ?? '', secret) } : {}),
      // A new key, or a different address, ends an automatic removal: routing tries it again
      // (and removes it again at once if it is still refused).
      ...(keyChanged || (existing && existing.baseUrl !== input.base_url.replace(/\/+$/, ''))
        ? { removedReason: null, removedAt: null, probedAt: null, probeFailures: 0 }
        : {}),
    };
    if (existing) {
      await tx.update(upstreams).set(fields).where(eq(upstreams.id, existing.id));
      return false;
    }
    await tx
      .insert(upstreams)
      .values({ name: input.name, keyCiphertext: encryptSecret(input.api_key ?? '', secret), ...fields });
    return true;
  });
  invalidateCandidates(db);
  return { created };
}

/**
 * Callers pass channel names and families alike as `model`: a new channel's name must not be a
 * family another channel serves, and its families must not be another channel's name.
 */
async function refuseNameClashes(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  input: UpstreamUpsert,
): Promise<void> {
  const others = await tx
    .select({ name: upstreams.name, models: upstreams.models })
    .from(upstreams)
    .where(and(ne(upstreams.name, input.name), ne(upstreams.source, 'retired')));
  const byFamily = others.find((o) => o.models.some((m) => m.family === input.name));
  if (byFamily)
    throw fieldError(['name'], `is a model family that channel "${byFamily.name}" serves; choose another name`);
  const names = new Set(others.map((o) => o.name));
  input.models.forEach((m, i) => {
    if (m.family === input.name || names.has(m.family))
      throw fieldError(['models', i, 'family'], `"${m.family}" is the name of a channel; choose another family name`);
  });
}

/** Retires a console channel: routing no longer uses it; its attempts and scores stay for the record. */
export async function retireConsoleUpstream(db: Db, name: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(upstreams).where(eq(upstreams.name, name)).for('update');
    if (!row) throw notFound(`Upstream "${name}"`);
    if (row.source === 'retired') return;
    if (row.source !== 'console') throw notConsoleOwned(row);
    await tx
      .update(upstreams)
      .set({ source: 'retired', updatedAt: sql`now()` })
      .where(eq(upstreams.id, row.id));
  });
  invalidateCandidates(db);
}
