import { readFileSync } from 'node:fs';
import { and, eq, inArray, not, sql } from 'drizzle-orm';
import { parse as parseYaml } from 'yaml';
import { ZodError } from 'zod';
import { ConfigError } from '@/server/config';
import type { Db } from '@/server/db/client';
import { announceCredentialChange } from '@/server/credential-changes';
import { tenants, upstreams, upstreamScores, type UpstreamRow } from '@/server/db/schema';
import { decryptSecret, encryptSecret } from '@/server/crypto';
import { AppError, badRequest, notFound } from '@/server/errors';
import { logger } from '@/server/logger';
import type { CandidateUpstream } from './select';
import { scoreUpstream, selectionWeight, NO_HISTORY } from './scoring';
import { upstreamsFileSchema, type Target, type UpstreamConfig, type UpstreamModel } from './types';

/** The simulator's channels as upstream definitions, derived in their own file; callers import them from here too. */
export { simulatorUpstreams } from './sim-upstreams';

/** Reads STUDIO_UPSTREAMS_FILE (JSON or YAML); a bad file stops start-up naming the bad entry. */
export function loadUpstreamsFile(file: string): UpstreamConfig[] {
  let raw: unknown;
  try {
    const text = readFileSync(file, 'utf8');
    raw = /\.ya?ml$/i.test(file) ? parseYaml(text) : JSON.parse(text);
  } catch (err) {
    throw new ConfigError(`STUDIO_UPSTREAMS_FILE: cannot read ${file}: ${(err as Error).message}`);
  }
  try {
    const parsed = upstreamsFileSchema.parse(raw);
    const names = new Set<string>();
    for (const u of parsed.upstreams) {
      if (names.has(u.name)) throw new ConfigError(`STUDIO_UPSTREAMS_FILE: channel name "${u.name}" appears twice`);
      names.add(u.name);
    }
    return parsed.upstreams;
  } catch (err) {
    if (err instanceof ZodError) {
      const lines = err.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
      throw new ConfigError(`STUDIO_UPSTREAMS_FILE: ${file} is invalid:\n${lines.join('\n')}`);
    }
    throw err;
  }
}

/**
 * Makes the database match the configured channels in one transaction: new ones are added,
 * existing ones get the configured fields (operator state such as enabled and rating is kept),
 * and channels no longer configured are retired. Channels added in the operator console are
 * left alone: a configured channel of the same name does not replace one (it is skipped with a
 * warning), and they are never retired by a sync.
 */
export async function syncUpstreams(
  db: Db,
  secret: Buffer,
  configs: UpstreamConfig[],
  source: 'file' | 'simulator',
): Promise<void> {
  await db.transaction(async (tx) => {
    const consoleNames = new Set(
      (
        await tx.select({ name: upstreams.name }).from(upstreams).where(eq(upstreams.source, 'console')).for('update')
      ).map((r) => r.name),
    );
    for (const c of configs) {
      if (consoleNames.has(c.name)) {
        logger.warn(
          { channel: c.name },
          'a configured upstream has the name of a channel added in the console; the console channel is kept',
        );
        continue;
      }
      const fields = {
        provider: c.provider,
        adapter: c.adapter,
        baseUrl: c.base_url.replace(/\/+$/, ''),
        keyCiphertext: encryptSecret(c.api_key, secret),
        softTimeoutMs: c.soft_timeout_ms,
        models: c.models,
        source,
        simulated: source === 'simulator',
        updatedAt: new Date(),
      };
      await tx
        .insert(upstreams)
        .values({ name: c.name, enabled: c.enabled, rating: c.rating, ...fields })
        .onConflictDoUpdate({ target: upstreams.name, set: fields });
    }
    const names = configs.map((c) => c.name);
    await tx
      .update(upstreams)
      .set({ source: 'retired', updatedAt: new Date() })
      .where(
        and(
          not(inArray(upstreams.source, ['console', 'retired'])),
          names.length > 0 ? not(inArray(upstreams.name, names)) : sql`true`,
        ),
      );
  });
  invalidateCandidates(db);
}

/** How long a process reuses the upstream list for decisions; the engine re-checks each upstream before calling it. */
export const CANDIDATE_TTL_MS = 1000;
const candidateSnapshots = new WeakMap<Db, { at: number; epoch: number; fleet: Promise<CandidateUpstream[]> }>();
/** Bumped by every invalidation: a change made inside a transaction (another handle) drops every handle's snapshot. */
let candidateEpoch = 0;

/** The channels routing may consider, from a snapshot at most CANDIDATE_TTL_MS old. */
export function loadCandidates(db: Db): Promise<CandidateUpstream[]> {
  const now = Date.now();
  const snap = candidateSnapshots.get(db);
  if (snap && snap.epoch === candidateEpoch && now - snap.at < CANDIDATE_TTL_MS) return snap.fleet;
  const fleet = readCandidates(db);
  candidateSnapshots.set(db, { at: now, epoch: candidateEpoch, fleet });
  fleet.catch(() => candidateSnapshots.delete(db));
  return fleet;
}

/** Drops this process's snapshot, e.g. after an upstream was removed or changed here. */
export function invalidateCandidates(db: Db): void {
  candidateEpoch += 1;
  candidateSnapshots.delete(db);
}

/** The channels routing may consider (not retired), with their current selection weights. */
async function readCandidates(db: Db): Promise<CandidateUpstream[]> {
  const rows = await db
    .select({ u: upstreams, weight: upstreamScores.weight })
    .from(upstreams)
    .leftJoin(upstreamScores, eq(upstreamScores.upstreamId, upstreams.id))
    .where(not(eq(upstreams.source, 'retired')))
    .orderBy(upstreams.name);
  const neutral = selectionWeight(
    scoreUpstream({ stats: NO_HISTORY, rating: 3, softTimeoutMs: 1, costUsd: 0, cheapestCostUsd: 0 }),
  );
  return rows.map(({ u, weight }) => ({
    id: u.id,
    name: u.name,
    provider: u.provider,
    enabled: u.enabled,
    removed: u.removedReason !== null,
    models: u.models,
    weight: weight ?? neutral,
    row: u,
  }));
}

export async function getUpstream(db: Db, id: string): Promise<UpstreamRow> {
  const [row] = await db.select().from(upstreams).where(eq(upstreams.id, id));
  if (!row) throw notFound('Upstream');
  return row;
}

/**
 * Upstream keys already decrypted, by secret and ciphertext: every call would otherwise decrypt the
 * same few. A changed key has a new ciphertext (a fresh nonce each time), so an entry never goes
 * stale; the map is emptied if it ever holds more than a few hundred (keys changed many times over).
 */
const plainKeys = new WeakMap<Buffer, Map<string, string>>();

function upstreamKey(ciphertext: string, secret: Buffer): string {
  let keys = plainKeys.get(secret);
  if (!keys) plainKeys.set(secret, (keys = new Map<string, string>()));
  let plain = keys.get(ciphertext);
  if (plain === undefined) {
    plain = decryptSecret(ciphertext, secret);
    if (keys.size >= 512) keys.clear();
    keys.set(ciphertext, plain);
  }
  return plain;
}

export function targetOf(row: UpstreamRow, model: UpstreamModel, secret: Buffer): Target {
  return {
    channel: row.name,
    adapter: row.adapter,
    baseUrl: row.baseUrl,
    apiKey: upstreamKey(row.keyCiphertext, secret),
    model: model.model,
    softTimeoutMs: row.softTimeoutMs,
  };
}

/** Takes an upstream out of rotation after an invalid-key or unpaid answer (rule 5). */
export async function markRemoved(db: Db, id: string, reason: 'invalid_key' | 'unpaid'): Promise<void> {
  await db
    .update(upstreams)
    .set({ removedReason: reason, removedAt: new Date(), probedAt: null, probeFailures: 0 })
    .where(and(eq(upstreams.id, id), sql`${upstreams.removedReason} is null`));
  invalidateCandidates(db);
}

export async function restoreUpstream(db: Db, id: string): Promise<void> {
  await db
    .update(upstreams)
    .set({ removedReason: null, removedAt: null, probedAt: null, probeFailures: 0 })
    .where(eq(upstreams.id, id));
  invalidateCandidates(db);
}

export async function updateUpstream(
  db: Db,
  input: { name: string; enabled?: boolean | undefined; rating?: number | undefined },
): Promise<UpstreamRow> {
  const set: Partial<typeof upstreams.$inferInsert> = { updatedAt: new Date() };
  if (input.enabled !== undefined) set.enabled = input.enabled;
  if (input.rating !== undefined) set.rating = input.rating;
  const [row] = await db.update(upstreams).set(set).where(eq(upstreams.name, input.name)).returning();
  if (!row) throw notFound(`Upstream "${input.name}"`);
  invalidateCandidates(db);
  return row;
}

/** Binds a tenant to a family or a channel (rule 7); null unbinds. */
export async function bindTenant(
  db: Db,
  tenantId: string,
  model: string | null,
): Promise<{ bound_model: string | null }> {
  if (model !== null) {
    const rows = await db
      .select({ name: upstreams.name, models: upstreams.models })
      .from(upstreams)
      .where(not(eq(upstreams.source, 'retired')));
    const known = rows.some((r) => r.name === model || r.models.some((m) => m.family === model));
    if (!known) throw badRequest(`"${model}" is neither a model family nor a channel name of a configured upstream`);
  }
  const [row] = await db
    .update(tenants)
    .set({ boundModel: model })
    .where(eq(tenants.id, tenantId))
    .returning({ bound: tenants.boundModel });
  if (!row) throw notFound('Tenant');
  // Kept key resolutions carry the binding: every instance drops them now.
  await announceCredentialChange(db, tenantId);
  return { bound_model: row.bound };
}

/**
 * The tenant's operator binding for a request: as read with the caller's key (the key look-up reads
 * it, and a binding change drops that look-up on every instance) when the context has it, else from
 * the database.
 */
export async function bindingFor(ctx: { db: Db; binding?: string | null }, tenantId: string): Promise<string | null> {
  return ctx.binding !== undefined ? ctx.binding : tenantBinding(ctx.db, tenantId);
}

export async function tenantBinding(db: Db, tenantId: string): Promise<string | null> {
  const [row] = await db.select({ bound: tenants.boundModel }).from(tenants).where(eq(tenants.id, tenantId));
  if (!row) throw new AppError('NOT_FOUND', 'Tenant not found');
  return row.bound;
}
