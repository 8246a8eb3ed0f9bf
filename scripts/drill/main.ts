import { mkdtempSync, openSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { chatHoldsDrill } from './chat';
import { call, Feed, Receiver, Tally } from './client';
import { moneyRacesDrill } from './money';
import { restoreDrill } from './restore';
import { startDrillPostgres, startDrillStandby } from './postgres';
import { failoverUrl, FailoverDrill, makeSynchronous } from './failover';
import { buildPreviousRelease, UpgradeDrill } from './upgrade';
import { ensureBuild } from '../ensure-build';
import { startTopology, type Topology } from '../cluster/topology';
import { startSimulator, type SimulatorProcess } from '../simulator';
import { freePort } from '../free-port';
import { POOLER_WAITS, startPgBouncer } from '../pgbouncer';
import type { Row } from './types';
import { printRows } from './report';
import { ADMIN_KEY, ARTICLE_LIMIT, DrillBase, IMAGE_LIMIT, SIZES, sleep } from './base';

/**
 * `npm run drill [-- --size small]`: the production topology (2 web + 2 workers on a PostgreSQL of the
 * drill's own, the simulator with latency) under load while things are killed, and a table of what
 * the clients and the ledger saw. docs/scaling.md has the figures of a full run.
 */
class Drills extends DrillBase {
  async workerKills(): Promise<Row> {
    const tenants = await this.tenantsFor(this.size.loadS, 2);
    const feeds = this.top.web.map((m) => new Feed(m.origin ?? '', tenants[0]?.key ?? ''));
    await Promise.all(feeds.map((f) => f.ready));
    const tally = new Tally();
    tally.fault = true;
    let kills = 0;
    const killer = setInterval(() => {
      const victim = this.top.workers[kills % this.top.workers.length];
      if (victim) this.top.signal(victim, 'SIGKILL');
      kills += 1;
    }, this.size.killEveryS * 1000);
    const ids = await this.load(tenants, this.size.loadS, tally);
    clearInterval(killer);
    const settled = await this.settle(ids, tenants, 120_000);
    await sleep(2000);
    feeds.forEach((f) => f.stop());
    const own = await this.jobsOf(tenants[0], ids);
    const gaps = this.feedGaps(feeds, own);
    return this.row(
      '1. kill -9 a worker every ' + this.size.killEveryS + ' s',
      tally,
      ids,
      settled,
      [`${kills} kills`, `${gaps} events missed by feeds`],
      gaps === 0,
    );
  }

  async rollingRestart(): Promise<Row> {
    const tenants = await this.tenantsFor(this.size.loadS);
    const feeds = this.top.web.map((m) => new Feed(m.origin ?? '', tenants[0]?.key ?? ''));
    await Promise.all(feeds.map((f) => f.ready));
    const tally = new Tally();
    const loading = this.load(tenants, this.size.loadS, tally);
    await sleep(2000);
    tally.fault = true;
    for (const web of this.top.web) {
      const starts = web.starts;
      this.top.signal(web, 'SIGTERM');
      await this.top.restarted(web, starts);
    }
    tally.fault = false;
    const ids = await loading;
    const settled = await this.settle(ids, tenants, 120_000);
    await sleep(2000);
    feeds.forEach((f) => f.stop());
    // The feeds follow the first tenant: its jobs are the ones they must all have seen.
    const gaps = this.feedGaps(feeds, await this.jobsOf(tenants[0], ids));
    const reconnects = feeds.reduce((n, f) => n + f.reconnects, 0);
    return this.row(
      '2. rolling restart of both web processes',
      tally,
      ids,
      settled,
      [`${reconnects} feed reconnects`, `${gaps} events missed by feeds`],
      gaps === 0,
    );
  }

  async receiverDown(receiver: Receiver, url: string): Promise<Row> {
    const seconds = Math.min(this.size.loadS, this.size.receiverDownS);
    const tenants = await this.tenantsFor(seconds);
    const secrets = await Promise.all(
      tenants.map((t) => call<{ secret: string }>(`${this.top.frontUrl}/api/webhook-secret`, { key: t.key })),
    );
    receiver.secrets = secrets.map((s) => s.body.secret);
    receiver.up = false;
    const tally = new Tally();
    tally.fault = true;
    const ids = await this.load(tenants, seconds, tally, url);
    await sleep(Math.max(0, this.size.receiverDownS * 1000 - this.size.loadS * 1000));
    receiver.up = true;
    tally.fault = false;
    const settled = await this.settle(ids, tenants, 120_000);
    const deadline = Date.now() + 300_000;
    while (Date.now() < deadline && ids.some((id) => !receiver.deliveries.has(id))) await sleep(500);
    const undelivered = ids.filter((id) => !receiver.deliveries.has(id)).length;
    const mixed = ids.filter((id) => new Set(receiver.deliveries.get(id)).size > 1).length;
    const ok = undelivered === 0 && mixed === 0 && receiver.forged === 0;
    return this.row(
      `3. callback receiver down ${this.size.receiverDownS} s`,
      tally,
      ids,
      settled,
      [
        `${ids.length - undelivered}/${ids.length} callbacks delivered and verified`,
        `${receiver.refused} attempts refused while down`,
        ...(receiver.forged ? [`${receiver.forged} deliveries failed verification`] : []),
        ...(mixed ? [`${mixed} jobs with contradicting callbacks`] : []),
      ],
      ok,
    );
  }

  async databaseRestart(): Promise<Row> {
    const tenants = await this.tenantsFor(this.size.loadS);
    const tally = new Tally();
    const loading = this.load(tenants, this.size.loadS, tally);
    await sleep(3000);
    tally.fault = true;
    this.pg.stop();
    const down = Date.now();
    const probes: number[] = [];
    let hung = 0;
    while (Date.now() - down < this.size.pgDownS * 1000) {
      for (const web of this.top.web) {
        const started = Date.now();
        const res = await call(`${web.origin}/api/health`, { timeoutMs: 5000 });
        if (res.status === 0) hung += 1;
        else probes.push(Date.now() - started);
      }
      await sleep(1000);
    }
    this.pg.start();
    tally.fault = false;
    const ids = await loading;
    // Connections the processes held died with the server: give them time to reconnect.
    const settled = await this.settle(ids, tenants, 120_000);
    const slowest = Math.max(0, ...probes);
    const row = this.row(
      `4. PostgreSQL down ${this.size.pgDownS} s`,
      tally,
      ids,
      settled,
      [`health answered within ${slowest} ms while down`, `${hung} health checks hung`],
      hung === 0,
    );
    // Submissions that met the outage were retried and finished after it: the latency that tells here is
    // how fast the web processes answered (503) while the database was down.
    const sorted = [...probes].sort((a, b) => a - b);
    row.p95Ms = sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0) : null;
    return row;
  }

  async sharedLimits(): Promise<Row> {
    const tenant = await this.tenant();
    const origins = this.top.web.map((m) => m.origin ?? '');
    const codes: number[] = [];
    for (let wave = 0; wave < 13; wave++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          call(`${origins[i % origins.length]}/api/generate`, {
            key: tenant.key,
            body: { prompt: `限额 ${wave}-${i}` },
          }),
        ),
      );
      codes.push(...answers.map((a) => a.status));
    }
    const accepted = codes.filter((c) => c === 200).length;
    const limited = codes.filter((c) => c === 429).length;

    const seller = await this.tenant();
    const listed = await call<{ templates: { id: string; gated: boolean }[] }>(
      `${this.top.frontUrl}/api/templates?type=image&source=platform`,
      { key: seller.key },
    );
    const gated = listed.body.templates.find((t) => t.gated);
    const claim = await call<{ code: string }>(`${this.top.frontUrl}/api/tenant-claims`, {
      key: seller.key,
      body: { template_ids: gated ? [gated.id] : [], credits: 10 },
    });
    const redemptions = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(`${origins[i % origins.length]}/api/social-claims`, {
          body: { code: claim.body.code, nickname: `买家${i}`, email: `buyer-${i}-${Date.now()}@drill.example.cn` },
        }),
      ),
    );
    const winners = redemptions.filter((r) => r.status === 200).length;
    const ok = accepted === IMAGE_LIMIT && limited === codes.length - IMAGE_LIMIT && winners === 1;
    return {
      drill: '5. rate limit and claim across both web processes',
      requests: codes.length + redemptions.length,
      // Answers other than accepted, limited (429) or a redemption refused as taken (4xx): errors.
      failed:
        codes.length -
        accepted -
        limited +
        redemptions.filter((r) => r.status !== 200 && (r.status < 400 || r.status >= 500)).length,
      jobs: accepted,
      lost: 0,
      doubleCharged: Math.max(0, winners - 1),
      maxPendingS: 0,
      p95Ms: null,
      notes: [
        `${accepted} of ${codes.length} generations accepted (limit ${IMAGE_LIMIT}/h), ${limited} answered 429`,
        `${winners} of 20 concurrent redemptions won`,
      ],
      ok,
    };
  }

  /** 6: chat on a small wallet across both web processes, one restarted (scripts/drill/chat.ts). */
  chatHolds(): Promise<Row> {
    return chatHoldsDrill(this.top, this.sql, (credits) => this.tenant(credits));
  }

  /** 7: refunds, set-quota and the article limit raced across both web processes (scripts/drill/money.ts). */
  moneyRaces(): Promise<Row> {
    return moneyRacesDrill(this.top, this.sql, (credits) => this.tenant(credits), {
      simOrigin: this.sim.origin,
      simLatencyMs: this.size.simLatencyMs,
      articleLimit: ARTICLE_LIMIT,
    });
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      size: { type: 'string', default: 'full' },
      only: { type: 'string' },
      // Every process through PgBouncer in transaction mode (docs/operations.md → Connection pooling).
      pooler: { type: 'boolean', default: false },
      // Drill 9 alone: a primary and a synchronous standby, the primary lost under load.
      failover: { type: 'boolean', default: false },
      // Drill 10 alone: the previous release (built from git) rolled to this tree under load.
      upgrade: { type: 'boolean', default: false },
    },
  });
  const size = SIZES[values.size as keyof typeof SIZES];
  if (!size) throw new Error('--size is small or full');
  if ([values.pooler, values.failover, values.upgrade].filter(Boolean).length > 1)
    throw new Error('--pooler, --failover and --upgrade are separate runs');
  // `--only moneyRaces,chatHolds`: just those drills (the names of the Drills methods), for working on one.
  const only = values.only?.split(',').map((n) => n.trim());
  const [pgPort, simPort, frontPort, standbyPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const work = mkdtempSync(path.join(os.tmpdir(), 'studio-drill-'));
  const logFile = path.join(work, 'processes.log');
  console.log(
    `Drill (${values.size}): PostgreSQL of its own on ${pgPort}${values.pooler ? ' behind PgBouncer (transaction mode)' : ''}, ` +
      `2 web + 2 workers, simulator latency ${size.simLatencyMs} ms; process logs in ${logFile}`,
  );

  ensureBuild();
  // The previous release, built beside this tree, is what the topology starts on for drill 10.
  const previous = values.upgrade ? buildPreviousRelease(work, (line) => console.log(`  ${line}`)) : null;
  const pg = startDrillPostgres(pgPort, { durable: values.failover });
  const standby = values.failover ? startDrillStandby(pg, standbyPort) : null;
  if (standby) await makeSynchronous(pg);
  // With a standby, every connection names both servers and keeps the one that takes writes.
  const dbUrl = standby ? failoverUrl(pg, standby) : pg.url;
  // The pooler stays up while drill 4 stops PostgreSQL behind it, as a pooler in production would.
  // With the waits docs/operations.md recommends: a request meeting an outage fails (503) within seconds.
  const bouncer = values.pooler ? await startPgBouncer({ host: '127.0.0.1', port: pgPort }, 20, POOLER_WAITS) : null;
  let sim: SimulatorProcess | null = null;
  let top: Topology | null = null;
  const sql = postgres(dbUrl, { max: 4, onnotice: () => {} });
  const receiver = new Receiver();
  try {
    process.env.STUDIO_SIM_LATENCY_MS = String(size.simLatencyMs);
    sim = await startSimulator(simPort);
    const callbackUrl = await receiver.start();
    const log = openSync(logFile, 'a');
    const env: Record<string, string> = {
      ...(bouncer ? { DATABASE_URL: bouncer.pooled(pg.url), DATABASE_DIRECT_URL: pg.url } : { DATABASE_URL: dbUrl }),
      STUDIO_DATA_DIR: path.join(work, 'data'),
      STUDIO_SECRET: 'drill-secret-drill-secret-drill-secret-0000',
      STUDIO_ADMIN_KEY: ADMIN_KEY,
      STUDIO_DEMO: '0',
      STUDIO_SIM_PORT: String(simPort),
      PUBLIC_BASE_URL: `http://127.0.0.1:${frontPort}`,
      STUDIO_CLIENT_IP_HEADER: 'x-forwarded-for',
      STUDIO_ALLOW_PRIVATE_CALLBACKS: '1',
      STUDIO_CALLBACK_BACKOFF_MS: '500',
      STUDIO_CALLBACK_ATTEMPTS: '30',
      STUDIO_TASK_LEASE_MS: '15000',
      STUDIO_DRAIN_MS: '10000',
      STUDIO_CHAT_HOLD_IDLE_MS: '2000',
      STUDIO_RATE_LIMITS: `article=${ARTICLE_LIMIT}/hour`,
      STUDIO_IMAGE_RATE_PER_HOUR: String(IMAGE_LIMIT),
      LOG_LEVEL: 'warn',
    };
    top = await startTopology({
      ...(previous ? { root: previous.root } : {}),
      web: 2,
      workers: 2,
      port: frontPort,
      host: '127.0.0.1',
      output: log,
      log: () => {},
      env,
    });
    const started = top;
    const drills = new Drills(top, sql, size, pg, sim);
    const rows: Row[] = [];
    const all: [string, () => Promise<Row>][] = [
      ['workerKills', () => drills.workerKills()],
      ['rollingRestart', () => drills.rollingRestart()],
      ['receiverDown', () => drills.receiverDown(receiver, callbackUrl)],
      ['databaseRestart', () => drills.databaseRestart()],
      ['sharedLimits', () => drills.sharedLimits()],
      ['chatHolds', () => drills.chatHolds()],
      ['moneyRaces', () => drills.moneyRaces()],
      ['restore', () => restoreDrill({ drills, top: started, pg, size, env, work })],
    ];
    if (previous) {
      const tree = path.resolve(import.meta.dirname, '../..');
      all.splice(0, all.length, [
        'upgrade',
        () => new UpgradeDrill(started, sql, size, pg, sim as SimulatorProcess).run(previous, tree),
      ]);
    }
    if (standby) {
      all.splice(0, all.length, [
        'failover',
        () => new FailoverDrill(started, sql, size, pg, sim as SimulatorProcess).run(standby),
      ]);
    }
    const unknown = only?.filter((name) => !all.some(([known]) => known === name)) ?? [];
    if (unknown.length) throw new Error(`--only: no drill ${unknown.join(', ')} (${all.map(([n]) => n).join(', ')})`);
    for (const [, run] of all.filter(([name]) => !only || only.includes(name))) {
      const row = await run();
      rows.push(row);
      console.log(`  ${row.ok ? 'pass' : 'FAIL'}  ${row.drill}: ${row.notes.join('; ')}`);
    }
    printRows(rows);
    process.exitCode = rows.every((r) => r.ok) ? 0 : 1;
  } finally {
    await top?.stop();
    await sim?.stop();
    await receiver.close();
    await sql.end({ timeout: 1 });
    await bouncer?.stop();
    pg.remove();
    standby?.remove();
    previous?.remove();
    if (process.exitCode === 0) rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
