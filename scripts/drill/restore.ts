import { createHash } from 'node:crypto';
import path from 'node:path';
import postgres from 'postgres';
import { takeBackup } from '@/server/backup/backup';
import type { Manifest } from '@/server/backup/manifest';
import { restoreBackup } from '@/server/backup/restore';
import { startTopology, type Topology } from '../cluster/topology';
import { freePort } from '../free-port';
import { sleep, type DrillBase, type Size } from './base';
import { call, Tally } from './client';
import type { DrillPostgres } from './postgres';
import type { Row, Tenant } from './types';

export interface RestoreDrillContext {
  drills: DrillBase;
  top: Topology;
  pg: DrillPostgres;
  size: Size;
  /** The topology's settings (secret, admin key, ...): the restored web process runs with them. */
  env: Record<string, string>;
  /** The drill's scratch folder: the topology's data folder is `data` in it. */
  work: string;
}

/** What the backup point held, read in the snapshot the dump is taken from. */
interface Point {
  jobs: Map<string, { status: string; cdnUrl: string | null }>;
  ledger: Set<string>;
}

/**
 * 8: `npm run backup` under load, writing going on after it, then `npm run restore` into a new database
 * and data folder: the restored copy holds exactly the backup point (every job with its status, every
 * ledger row, nothing written later, no charge without its job), every tenant's ledger sums to its
 * balance, and a web process started on the copy serves every restored job's result file.
 */
export async function restoreDrill(ctx: RestoreDrillContext): Promise<Row> {
  const { drills, pg, size, work } = ctx;
  const tally = new Tally();
  const loadS = Math.max(6, size.loadS / 2);
  // Enough tenants that the load stays within each one's image limit (two at least), as drills 1–4.
  const tenants: Tenant[] = await drills.tenantsFor(loadS, 2);
  const loading = drills.load(tenants, loadS, tally);
  // Late enough in the load that jobs of the point have ended with their result files, others are in flight.
  await sleep((loadS * 1000 * 2) / 3);
  tally.fault = true;

  const point: Point = { jobs: new Map(), ledger: new Set() };
  const folder = path.join(work, 'backup');
  const started = Date.now();
  const manifest = await takeBackup({ databaseUrl: pg.url, dataDir: path.join(work, 'data'), s3: null }, folder, {
    onSnapshot: async (tx) => {
      for (const j of await tx<{ id: string; status: string; cdn_url: string | null }[]>`
          select id::text, status, cdn_url from jobs`)
        point.jobs.set(j.id, { status: j.status, cdnUrl: j.cdn_url });
      for (const l of await tx<{ id: string }[]>`select id::text from ledger_entries`) point.ledger.add(l.id);
    },
  });
  const backupMs = Date.now() - started;
  tally.fault = false;
  const ids = await loading;
  const settled = await drills.settle(ids, tenants, 120_000);
  const after = ids.filter((id) => !point.jobs.has(id)).length;

  const restoredUrl = await freshDatabase(pg.url, 'drill_restored');
  const restoreStarted = Date.now();
  await restoreBackup(folder, { databaseUrl: restoredUrl, dataDir: path.join(work, 'restored'), s3: null });
  const restoreMs = Date.now() - restoreStarted;
  const problems = await compare(restoredUrl, point, tenants);
  const served = await serveRestored(ctx, restoredUrl, manifest);
  problems.push(...served.problems);

  const atPoint = ids.filter((id) => point.jobs.has(id)).length;
  const row = drills.row(
    '8. backup under load, restore into a new database',
    tally,
    ids,
    settled,
    [
      `backup of ${manifest.database.counts.jobs} jobs, ${manifest.database.counts.ledger_entries} ledger rows and ${manifest.files.count} files in ${backupMs} ms, restored in ${restoreMs} ms`,
      `${atPoint} of the load's jobs at the point, ${after} after it`,
      `${served.urls} result URLs served by a web process on the copy`,
      ...problems,
    ],
    problems.length === 0,
  );
  row.requests += served.urls;
  return row;
}

async function freshDatabase(url: string, name: string): Promise<string> {
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** The restored database against the point: the same jobs and statuses, the same ledger rows, balanced wallets. */
async function compare(url: string, point: Point, tenants: Tenant[]): Promise<string[]> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const jobs = await sql<{ id: string; status: string }[]>`select id::text, status from jobs`;
    const ledger = await sql<{ id: string }[]>`select id::text from ledger_entries`;
    const restoredJobs = new Map(jobs.map((j) => [j.id, j.status]));
    const restoredLedger = new Set(ledger.map((l) => l.id));
    const problems: string[] = [];
    const count = (n: number, what: string) => n && problems.push(`${n} ${what}`);
    count([...point.jobs.keys()].filter((id) => !restoredJobs.has(id)).length, 'jobs of the point missing');
    count(
      [...point.jobs].filter(([id, j]) => restoredJobs.has(id) && restoredJobs.get(id) !== j.status).length,
      'jobs restored in another status than at the point',
    );
    count(jobs.filter((j) => !point.jobs.has(j.id)).length, 'jobs written after the point restored');
    count([...point.ledger].filter((id) => !restoredLedger.has(id)).length, 'ledger rows of the point missing');
    count(ledger.filter((l) => !point.ledger.has(l.id)).length, 'ledger rows written after the point restored');
    const [unbalanced] = await sql<{ n: number }[]>`
      select count(*)::int as n from tenants t
      where t.credits <> (select coalesce(sum(amount), 0) from ledger_entries l where l.tenant_id = t.id and l.account_id is null)`;
    count(unbalanced?.n ?? 0, 'tenants whose ledger sum is not their balance');
    // Half there: a job of the load without its charge, or a charge or refund whose job is not restored.
    const ids = tenants.map((t) => t.id);
    const [uncharged] = await sql<{ n: number }[]>`
      select count(*)::int as n from jobs j where j.tenant_id = any(${ids}::uuid[]) and not exists (
        select 1 from ledger_entries l where l.kind = 'charge' and l.ref = coalesce(j.batch_id, j.id)::text)`;
    count(uncharged?.n ?? 0, 'restored jobs without their charge');
    const [orphans] = await sql<{ n: number }[]>`
      select count(*)::int as n from ledger_entries l where l.tenant_id = any(${ids}::uuid[])
        and l.kind in ('charge', 'refund') and not exists (
          select 1 from jobs j where l.ref in (j.id::text, j.batch_id::text))`;
    count(orphans?.n ?? 0, 'charges or refunds restored without their job');
    return problems;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** A web process (no worker) on the restored database and data folder; every done job's result URL, fetched from it. */
async function serveRestored(
  ctx: RestoreDrillContext,
  url: string,
  manifest: Manifest,
): Promise<{ urls: number; problems: string[] }> {
  const port = await freePort();
  // Straight to the restored database, whether or not the drill runs through a pooler.
  const { DATABASE_DIRECT_URL: _direct, ...env } = ctx.env;
  const top = await startTopology({
    web: 1,
    workers: 0,
    port,
    host: '127.0.0.1',
    output: 'ignore',
    log: () => {},
    env: {
      ...env,
      DATABASE_URL: url,
      STUDIO_DATA_DIR: path.join(ctx.work, 'restored'),
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    },
  });
  const sums = new Map(manifest.files.entries.map((e) => [e.key, e.sha256]));
  const problems: string[] = [];
  try {
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    const done = await sql<
      { cdn_url: string }[]
    >`select cdn_url from jobs where status = 'done' and cdn_url is not null`;
    await sql.end({ timeout: 5 });
    const origin = top.web[0]?.origin ?? '';
    let wrong = 0;
    for (let i = 0; i < done.length; i += 8) {
      await Promise.all(
        done.slice(i, i + 8).map(async ({ cdn_url }) => {
          const { pathname } = new URL(cdn_url);
          const res = await fetch(`${origin}${pathname}`, { signal: AbortSignal.timeout(10_000) }).catch(() => null);
          const body = res?.ok ? Buffer.from(await res.arrayBuffer()) : null;
          const key = decodeURIComponent(pathname.replace(/^\/files\//, ''));
          if (!body || createHash('sha256').update(body).digest('hex') !== sums.get(key)) wrong += 1;
        }),
      );
    }
    if (done.length === 0) problems.push('no job of the backup point had a result file to serve');
    if (wrong) problems.push(`${wrong} of ${done.length} result URLs not served with the backed-up bytes`);
    const health = await call(`${origin}/api/health`);
    if (health.status !== 200) problems.push(`the restored web process answers health ${health.status}`);
    return { urls: done.length, problems };
  } finally {
    await top.stop();
  }
}
