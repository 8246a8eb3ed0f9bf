/**
 * Usage report benchmark on PostgreSQL: a tenant with 1,000,000 ledger rows over 120 days, then
 * GET /api/tenant-usage?days=90 through the running server. Prints P50/P95/P99 (target: P50 < 50 ms)
 * and checks the rollup agrees with the ledger.
 * Usage: npm run bench:usage   (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test)
 */
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import * as schema from '@/server/db/schema';
import type { Db } from '@/server/db/client';
import { rebuildUsage, usageMismatches } from '@/server/domain/usage/usage';
import { percentile, scratchDatabase, startBenchServer } from './lib';

const ROWS = 1_000_000;
const REQUESTS = 300;

async function main(): Promise<void> {
  const scratch = await scratchDatabase();
  const url = scratch.url;
  const client = postgres(url, { max: 4, onnotice: () => {} });
  const server = await startBenchServer({ DATABASE_URL: url });
  try {
    const created = await server.tenant('Bench 用量');
    const api = server.api;
    const tenantId = created.id;

    // A million charges and refunds over 120 days, in every category (written directly, as history).
    const t0 = performance.now();
    await client.unsafe(
      `insert into ledger_entries (tenant_id, amount, balance_after, kind, category, created_at)
       select $1::uuid,
              case when i % 10 = 0 then (i % 7) + 1 else -((i % 7) + 1) end,
              0,
              case when i % 10 = 0 then 'refund' else 'charge' end,
              (array['image','video','chat','reverse','other'])[(i % 5) + 1],
              now() - (i % 120) * interval '1 day' - (i % 86400) * interval '1 second'
         from generate_series(1, ${ROWS}) as g(i)`,
      [tenantId],
    );
    const db = drizzle(client, { schema, casing: 'snake_case' }) as unknown as Db;
    await rebuildUsage(db, tenantId);
    await client.unsafe('analyze');
    const mismatches = await usageMismatches(db, tenantId);
    console.log(
      `${ROWS.toLocaleString('en')} ledger rows and their rollup written in ${((performance.now() - t0) / 1000).toFixed(1)} s; rollup mismatches: ${mismatches.length}`,
    );

    const get = async () => {
      const s = performance.now();
      const res = await fetch(`${api}/tenant-usage?days=90`, { headers: { 'x-api-key': created.key } });
      const body = (await res.json()) as { daily?: unknown[] };
      if (res.status !== 200 || body.daily?.length !== 90) throw new Error(`unexpected answer ${res.status}`);
      return performance.now() - s;
    };
    for (let i = 0; i < 20; i++) await get();
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) times.push(await get());
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    console.log(
      `GET /api/tenant-usage?days=90 over ${ROWS.toLocaleString('en')} ledger rows: P50 ${p50.toFixed(1)} ms, P95 ${percentile(times, 95).toFixed(1)} ms, P99 ${percentile(times, 99).toFixed(1)} ms (target P50 < 50 ms) ${p50 < 50 ? 'OK' : 'OVER TARGET'}`,
    );
    if (p50 >= 50 || mismatches.length > 0) process.exitCode = 1;
  } finally {
    await server.stop();
    await client.end({ timeout: 5 });
    await scratch.drop();
  }
}

await main();
