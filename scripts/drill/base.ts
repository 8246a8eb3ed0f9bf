import type postgres from 'postgres';
import { call, Feed, submit, Tally } from './client';
import type { DrillPostgres } from './postgres';
import type { Topology } from '../cluster/topology';
import type { SimulatorProcess } from '../simulator';
import type { Row, Tenant } from './types';

export const SIZES = {
  small: { loadS: 20, rate: 3, killEveryS: 6, receiverDownS: 15, pgDownS: 10, simLatencyMs: 300 },
  full: { loadS: 100, rate: 6, killEveryS: 20, receiverDownS: 180, pgDownS: 10, simLatencyMs: 500 },
} as const;
export type Size = (typeof SIZES)[keyof typeof SIZES];

export const ADMIN_KEY = 'sk-studio-drilladmin0000000000000000000000';
/** The tenants' image generations per hour the topology runs with (`STUDIO_IMAGE_RATE_PER_HOUR`); drill 5 fills it. */
export const IMAGE_LIMIT = 120;
/** Images a load sends per submission on average: four singles, then a batch of 4. */
const IMAGES_PER_SUBMISSION = (4 * 1 + 4) / 5;
/** The tenant's `article` limit per hour the topology runs with; drill 7 fires three times as many (no other drill writes articles). */
export const ARTICLE_LIMIT = 20;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What every drill uses: tenants, image load, the ledger's settlement check and the table row. */
export class DrillBase {
  private tenants = 0;
  constructor(
    protected top: Topology,
    protected sql: postgres.Sql,
    protected size: Size,
    protected pg: DrillPostgres,
    protected sim: SimulatorProcess,
  ) {}

  async tenant(credits = 1_000_000): Promise<Tenant> {
    this.tenants += 1;
    const res = await call<{ tenant: { id: string }; api_key: string }>(`${this.top.frontUrl}/api/admin`, {
      key: ADMIN_KEY,
      body: { action: 'tenant-create', name: `演练租户 ${this.tenants}`, credits, quota_monthly: credits },
    });
    if (res.status !== 200) throw new Error(`tenant-create answered ${res.status}: ${JSON.stringify(res.body)}`);
    return { id: res.body.tenant.id, key: res.body.api_key };
  }

  /**
   * Tenants enough that a load of `seconds` at the size's rate stays within each one's image limit (a
   * tenant's bucket starts full and refills over the hour; a tenth is left spare), and at least `least`.
   * The admin API sets no tenant's limit of its own, so the drill spreads its load as a platform of
   * many tenants sees it, rather than measuring its own 429s.
   */
  async tenantsFor(seconds: number, least = 1): Promise<Tenant[]> {
    const images = seconds * this.size.rate * IMAGES_PER_SUBMISSION;
    const each = Math.floor(IMAGE_LIMIT * 0.9 + (IMAGE_LIMIT * seconds) / 3600);
    const count = Math.max(least, Math.ceil(images / each));
    const tenants: Tenant[] = [];
    for (let i = 0; i < count; i++) tenants.push(await this.tenant());
    return tenants;
  }

  /** Image jobs (every fifth submission a batch of 4) at the size's rate for `seconds`, spread over tenants. */
  async load(tenants: Tenant[], seconds: number, tally: Tally, callbackUrl?: string): Promise<string[]> {
    const ids: string[] = [];
    const pending: Promise<void>[] = [];
    const until = Date.now() + seconds * 1000;
    // Each submission goes to the tenant sent the fewest images so far, so batches spread evenly too.
    const sent = tenants.map(() => 0);
    for (let n = 0; Date.now() < until; n++) {
      const least = sent.indexOf(Math.min(...sent));
      const tenant = tenants[least] as Tenant;
      sent[least] = (sent[least] ?? 0) + (n % 5 === 4 ? 4 : 1);
      const extra = callbackUrl ? { callback_url: callbackUrl } : {};
      const [route, body] =
        n % 5 === 4
          ? [
              'generate-batch',
              { items: Array.from({ length: 4 }, (_, i) => ({ prompt: `演练 批量 ${n}-${i}` })), ...extra },
            ]
          : ['generate', { prompt: `演练 ${n}: a red lantern`, ...extra }];
      pending.push(
        submit(`${this.top.frontUrl}/api/${route}`, tenant.key, body, tally).then((got) => {
          if (got) ids.push(...got);
        }),
      );
      await sleep(1000 / this.size.rate);
    }
    await Promise.all(pending);
    return ids;
  }

  /** Waits until every job ended (or the deadline), then checks the ledger: charged once, refunded when failed. */
  async settle(ids: string[], tenants: Tenant[], deadlineMs: number) {
    const deadline = Date.now() + deadlineMs;
    let open = ids.length;
    while (Date.now() < deadline) {
      const [row] = await this.sql<
        { open: number }[]
      >`select count(*)::int as open from jobs where id = any(${ids}::uuid[]) and status = 'pending'`;
      open = row?.open ?? 0;
      if (open === 0) break;
      await sleep(500);
    }
    const rows = await this.sql<{ id: string; status: string; age_s: number; charges: number; refunds: number }[]>`
      select j.id::text, j.status,
             extract(epoch from coalesce(j.finished_at, now()) - j.created_at)::float as age_s,
             (select count(*)::int from ledger_entries l where l.kind = 'charge' and l.ref = coalesce(j.batch_id, j.id)::text) as charges,
             (select count(*)::int from ledger_entries l where l.kind = 'refund' and l.ref = j.id::text) as refunds
      from jobs j where j.id = any(${ids}::uuid[])`;
    const found = new Set(rows.map((r) => r.id));
    const balances = await this.sql<{ credits: number; ledger: number }[]>`
      select t.credits, (select coalesce(sum(amount), 0)::int from ledger_entries l where l.tenant_id = t.id and l.account_id is null) as ledger
      from tenants t where t.id = any(${tenants.map((t) => t.id)}::uuid[])`;
    return {
      lost: ids.filter((id) => !found.has(id)).length + rows.filter((r) => r.status === 'pending').length,
      doubleCharged: rows.filter((r) => r.charges > 1 || r.refunds > 1 || (r.status === 'done' && r.refunds > 0))
        .length,
      unrefunded: rows.filter((r) => r.status === 'failed' && r.refunds === 0).length,
      failedJobs: rows.filter((r) => r.status === 'failed').length,
      maxPendingS: Math.max(0, ...rows.map((r) => r.age_s)),
      ledgerMismatch: balances.filter((b) => b.credits !== b.ledger).length,
      tenants: tenants.length,
    };
  }

  row(
    drill: string,
    tally: Tally,
    ids: string[],
    settled: Awaited<ReturnType<DrillBase['settle']>>,
    notes: string[],
    extraOk = true,
  ): Row {
    notes.push(`load spread over ${settled.tenants} tenant${settled.tenants === 1 ? '' : 's'}`);
    if (settled.unrefunded) notes.push(`${settled.unrefunded} failed jobs not refunded`);
    if (settled.ledgerMismatch) notes.push(`${settled.ledgerMismatch} tenants whose ledger sum is not their balance`);
    if (settled.failedJobs) notes.push(`${settled.failedJobs} jobs failed (refunded)`);
    if (tally.backPressure) notes.push(`${tally.backPressure} answers 429 waited out (Retry-After) and sent again`);
    if (tally.failed) notes.push(`client gave up: ${[...tally.errors].map(([k, v]) => `${k}×${v}`).join(', ')}`);
    const ok =
      extraOk &&
      tally.failed === 0 &&
      settled.lost === 0 &&
      settled.doubleCharged === 0 &&
      settled.unrefunded === 0 &&
      settled.ledgerMismatch === 0;
    return {
      drill,
      requests: tally.requests,
      failed: tally.failed,
      jobs: ids.length,
      lost: settled.lost,
      doubleCharged: settled.doubleCharged,
      maxPendingS: Math.round(settled.maxPendingS),
      p95Ms: Math.round(tally.p95()),
      notes,
      ok,
    };
  }

  /** Every job of the feed's tenant seen created and ended on every feed. */
  feedGaps(feeds: Feed[], ids: string[]): number {
    return feeds.reduce(
      (gaps, feed) =>
        gaps +
        ids.filter((id) => !feed.saw(id, 'job.created') || !(feed.saw(id, 'job.done') || feed.saw(id, 'job.failed')))
          .length,
      0,
    );
  }

  protected async jobsOf(tenant: Tenant | undefined, ids: string[]): Promise<string[]> {
    if (!tenant) return [];
    const rows = await this.sql<
      { id: string }[]
    >`select id::text from jobs where tenant_id = ${tenant.id} and id = any(${ids}::uuid[])`;
    return rows.map((r) => r.id);
  }
}
