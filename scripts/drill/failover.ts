import postgres from 'postgres';
import { call, Tally } from './client';
import { DrillBase, sleep } from './base';
import type { DrillPostgres } from './postgres';
import type { Row } from './types';

/**
 * The PostgreSQL connection string of a primary and its standby for Studio (docs/operations.md →
 * Failover): postgres.js tries the hosts in order and keeps the one that accepts writes, so after a
 * promotion every process reconnects to the new primary without a change of settings.
 */
export function failoverUrl(primary: DrillPostgres, standby: DrillPostgres): string {
  return `postgres://postgres@127.0.0.1:${primary.port},127.0.0.1:${standby.port}/postgres?target_session_attrs=read-write`;
}

/**
 * Makes `standby` synchronous for `primary`: a commit is acknowledged only once the standby has its
 * write-ahead log, so a failover loses no acknowledged write (Studio's few asynchronous commits are
 * writes it recovers from: src/server/db/rows.ts → ASYNC_COMMIT).
 */
export async function makeSynchronous(primary: DrillPostgres): Promise<void> {
  const sql = postgres(primary.url, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(`alter system set synchronous_standby_names = '*'`);
    await sql`select pg_reload_conf()`;
    for (let i = 0; i < 100; i++) {
      const [row] = await sql<{ sync: string | null }[]>`select sync_state as sync from pg_stat_replication limit 1`;
      if (row?.sync === 'sync') return;
      await sleep(100);
    }
    throw new Error('the standby did not become synchronous');
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * Drill 9: under load, the primary dies (stopped as a crash stops it) and its synchronous standby is
 * promoted. Every process reconnects to it through the two-host connection string. Counted: jobs lost
 * or charged twice (none may be), requests the clients gave up on, how long the service answered
 * nothing but 503 (readiness polled every 100 ms), and the P95 of the submissions made meanwhile.
 */
export class FailoverDrill extends DrillBase {
  async run(standby: DrillPostgres): Promise<Row> {
    const tenants = await this.tenantsFor(this.size.loadS);
    const tally = new Tally();
    const loading = this.load(tenants, this.size.loadS, tally);
    await sleep(Math.min(5000, (this.size.loadS * 1000) / 3));
    tally.fault = true;
    const crashed = Date.now();
    this.pg.crash();
    // An operator (or a tool such as Patroni) promotes the standby once the primary is gone.
    standby.promote();
    const promotedMs = Date.now() - crashed;
    let readyAfterMs: number | null = null;
    while (Date.now() - crashed < 60_000) {
      const health = await call(`${this.top.frontUrl}/api/health`, { timeoutMs: 2000 });
      if (health.status === 200) {
        readyAfterMs = Date.now() - crashed;
        break;
      }
      await sleep(100);
    }
    // Submissions in flight when the service came back still count as made during the fault.
    await sleep(1000);
    tally.fault = false;
    const ids = await loading;
    const settled = await this.settle(ids, tenants, 120_000);
    return this.row(
      '9. PostgreSQL primary lost, synchronous standby promoted',
      tally,
      ids,
      settled,
      [
        `standby promoted ${promotedMs} ms after the crash`,
        readyAfterMs === null ? 'service not ready within 60 s' : `service ready again ${readyAfterMs} ms after it`,
        `${tally.faultLatencies.length} submissions during the fault`,
      ],
      readyAfterMs !== null,
    );
  }
}
