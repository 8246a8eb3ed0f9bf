import type { Database } from '@/server/db/client';
import { resolveKey, type AdminKeySource, type KeyResolution } from './api-keys';
import { CREDENTIALS_CHANNEL, onLocalAnnouncement } from '@/server/credential-changes';
import { digestKey, looksLikeKey } from './keys';

/**
 * Key resolutions kept in memory for the most frequent calls (chat), and dropped across instances at
 * once: every change that can make a kept answer wrong (a rekey, a member or tenant disabled, a
 * binding or wallet mode changed) is announced on `CREDENTIALS_CHANNEL` with the tenant id, and each
 * process drops that tenant's entries when the notification arrives. While the listening connection
 * is down, or before it is up, nothing is kept; on reconnection everything is dropped (notifications
 * sent meanwhile are lost). Entries also expire after `TTL_MS`, a backstop only. Keys that do not
 * resolve to a tenant or member are never kept.
 */
const TTL_MS = 60_000;
const MAX_ENTRIES = 50_000;
/** How long a change announced here keeps its tenant out of the cache if its notification never comes (a rollback). */
const SUSPEND_MS = 5_000;

type Resolved = Extract<KeyResolution, { ok: true }>;

interface Entry {
  resolution: Resolved;
  tenantId: string;
  at: number;
}

export class KeyCache {
  private readonly entries = new Map<string, Entry>();
  private listening = false;
  /** Moves on every drop, so an answer read from the database while a drop happened is not kept. */
  private generation = 0;
  private starting: Promise<void> | null = null;

  /** Tenants with a change announced by this process and not yet notified back: not answered from memory. */
  private readonly suspended = new Map<string, number>();

  constructor(private readonly database: Pick<Database, 'db' | 'listen'>) {
    onLocalAnnouncement((tenantId) => {
      this.generation += 1;
      this.suspended.set(tenantId, Date.now() + SUSPEND_MS);
      this.dropEntries(tenantId);
    });
  }

  /** Starts listening (once); until it is up, look-ups go to the database. */
  private start(): void {
    this.starting ??= this.database
      .listen(
        CREDENTIALS_CHANNEL,
        (tenantId) => this.dropTenant(tenantId),
        () => {
          this.generation += 1;
          this.entries.clear();
          this.listening = true;
        },
      )
      .then(() => undefined)
      .catch(() => {
        // No notifications, no cache: every look-up goes to the database.
        this.listening = false;
      });
  }

  /** A change of the tenant was notified: its entries go, on every instance. */
  dropTenant(tenantId: string): void {
    this.generation += 1;
    this.suspended.delete(tenantId);
    this.dropEntries(tenantId);
  }

  private dropEntries(tenantId: string): void {
    for (const [digest, entry] of this.entries) if (entry.tenantId === tenantId) this.entries.delete(digest);
  }

  private isSuspended(tenantId: string, now: number): boolean {
    const until = this.suspended.get(tenantId);
    if (until === undefined) return false;
    if (until > now) return true;
    this.suspended.delete(tenantId);
    return false;
  }

  async resolve(src: AdminKeySource, key: string): Promise<KeyResolution> {
    this.start();
    if (!looksLikeKey(key)) return { ok: false, reason: 'unknown' };
    const digest = digestKey(key);
    const now = Date.now();
    const hit = this.entries.get(digest);
    if (hit && this.listening && now - hit.at < TTL_MS && !this.isSuspended(hit.tenantId, now)) return hit.resolution;
    const generation = this.generation;
    const resolution = await resolveKey(this.database.db, src, key);
    if (
      resolution.ok &&
      resolution.identity.kind !== 'admin' &&
      this.listening &&
      generation === this.generation &&
      !this.isSuspended(resolution.identity.tenantId, now)
    ) {
      if (this.entries.size >= MAX_ENTRIES) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
      this.entries.set(digest, { resolution, tenantId: resolution.identity.tenantId, at: now });
    }
    return resolution;
  }
}

const caches = new WeakMap<object, KeyCache>();

/** The process's key cache for a database. */
export function keyCacheFor(database: Pick<Database, 'db' | 'listen'>): KeyCache {
  let cache = caches.get(database.db);
  if (!cache) {
    cache = new KeyCache(database);
    caches.set(database.db, cache);
  }
  return cache;
}
