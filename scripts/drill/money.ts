import type postgres from 'postgres';
import type { Topology } from '../cluster/topology';
import { call, type Answer } from './client';
import type { Row, Tenant } from './types';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** 4 credits a video: the cheapest tier at its shortest length. */
const VIDEO = { model: 'videomodel-2-0-mini-260801', duration: 4 } as const;
const VIDEO_CHANNELS = ['sim-video-a', 'sim-video-b'];
/** Long enough that no video ends on its own before it is cancelled. */
const VIDEO_LATENCY_MS = 120_000;
const CANCELS_PER_JOB = 6;

export interface MoneyRacesOptions {
  simOrigin: string;
  /** The simulator's latency for every channel, given back to the video channels afterwards. */
  simLatencyMs: number;
  /** The tenant's `article` limit per hour the topology runs with (`STUDIO_RATE_LIMITS`). */
  articleLimit: number;
}

interface CancelAnswers {
  /** `cancelled`, `deleted` or `HTTP <status>`: how many cancels answered it. */
  answers: Map<string, number>;
  /** Videos none of whose cancels answered `cancelled`. */
  quiet: number;
}

interface Wallet {
  credits: number;
  ledger: number;
}

/**
 * Money written by concurrent requests on both web processes (through the front and at each process
 * directly): (a) every video cancelled several times at once is refunded exactly once and the tenant
 * is back to its starting credits; (b) members switched from dedicated to shared credits while their
 * videos are cancelled lose nothing: the pool is back to its total, every wallet equals its ledger;
 * (c) the tenant's `article` limit admits exactly its count out of three times as many concurrent
 * requests, the rest answered 429 with Retry-After, with exactly that many article charges.
 */
export async function moneyRacesDrill(
  top: Topology,
  sql: postgres.Sql,
  newTenant: (credits: number) => Promise<Tenant>,
  options: MoneyRacesOptions,
): Promise<Row> {
  const origins = [top.frontUrl, ...top.web.map((m) => m.origin ?? '').filter(Boolean)];
  const problems: string[] = [];
  const notes: string[] = [];
  let requests = 0;
  let unexpected = 0;
  let doubled = 0;
  let videos = 0;
  const count = <T>(answer: Answer<T>, expected: number[]): Answer<T> => {
    requests += 1;
    if (!expected.includes(answer.status)) unexpected += 1;
    return answer;
  };

  const setVideoLatency = async (ms: number) => {
    for (const channel of VIDEO_CHANNELS) {
      const res = await call(`${options.simOrigin}/__sim/config`, { body: { channel, latency_ms: ms } });
      if (res.status !== 200) throw new Error(`simulator config for ${channel} answered ${res.status}`);
    }
  };

  const startVideos = async (key: string, n: number, label: string): Promise<string[]> => {
    const answers = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        call<{ id?: string }>(`${origins[i % origins.length]}/api/videos`, {
          key,
          body: { prompt: `演练退款 ${label}-${i}：雨夜的灯笼`, ...VIDEO },
        }).then((a) => count(a, [200])),
      ),
    );
    const refused = answers.filter((a) => a.status !== 200);
    if (refused.length)
      problems.push(`${refused.length} video submissions refused (${refused.map((a) => a.status).join(', ')})`);
    const ids = answers.flatMap((a) => (a.status === 200 && a.body.id ? [a.body.id] : []));
    videos += ids.length;
    return ids;
  };

  /**
   * Every job cancelled CANCELS_PER_JOB times at once, spread over the front and each process; `extra`
   * joins the race. Each cancel answers `cancelled`, `deleted` (it came after another cancel: the task
   * had ended) or 404 (after a deletion). Counts the answers into `seen`.
   */
  const cancelRace = async (key: string, ids: string[], seen: CancelAnswers, extra: () => Promise<unknown>[]) => {
    const cancels = ids.flatMap((id) =>
      Array.from({ length: CANCELS_PER_JOB }, (_, k) =>
        call<{ action?: string }>(`${origins[k % origins.length]}/api/videos?id=${id}`, {
          key,
          method: 'DELETE',
        }).then((a) => ({ id, answer: count(a, [200, 404]) })),
      ),
    );
    const [answers] = await Promise.all([Promise.all(cancels), Promise.all(extra())]);
    for (const { answer: a } of answers) {
      const what = a.status === 200 ? String(a.body.action) : `HTTP ${a.status}`;
      seen.answers.set(what, (seen.answers.get(what) ?? 0) + 1);
    }
    // The cancel that refunded a job answers `cancelled`, even when another one deleted it meanwhile.
    seen.quiet += ids.filter((id) => !answers.some((a) => a.id === id && a.answer.body.action === 'cancelled')).length;
  };
  const answered = (seen: CancelAnswers) =>
    [...seen.answers].map(([what, n]) => `${n} ${what}`).join(', ') +
    (seen.quiet ? ` (${seen.quiet} videos without a "cancelled" answer)` : '');
  const checkAnswers = (seen: CancelAnswers, label: string) => {
    const odd = [...seen.answers].filter(([what]) => !['cancelled', 'deleted', 'HTTP 404'].includes(what));
    if (odd.length) problems.push(`${label}: cancels answered ${odd.map(([what, n]) => `${n} ${what}`).join(', ')}`);
    // The caller whose cancel ended a task is told so: no video may lack a `cancelled` answer.
    if (seen.quiet) problems.push(`${label}: ${seen.quiet} cancelled videos got no "cancelled" answer`);
  };

  /** Refund and charge rows of each job; a job without exactly one of each is a problem. */
  const checkRefunds = async (tenantId: string, ids: string[], label: string) => {
    // A worker still busy with a cancelled job (creating its upstream task) has had time to finish.
    await sleep(3000);
    const rows = await sql<{ ref: string; charges: number; refunds: number }[]>`
      select ref,
             count(*) filter (where kind = 'charge')::int as charges,
             count(*) filter (where kind = 'refund')::int as refunds
        from ledger_entries where tenant_id = ${tenantId} and ref = any(${ids}::text[]) group by ref`;
    const byRef = new Map(rows.map((r) => [r.ref, r]));
    const wrong = ids.filter((id) => byRef.get(id)?.refunds !== 1 || byRef.get(id)?.charges !== 1);
    doubled += ids.filter((id) => (byRef.get(id)?.refunds ?? 0) > 1 || (byRef.get(id)?.charges ?? 0) > 1).length;
    if (wrong.length)
      problems.push(
        `${label}: refund/charge rows per job ${wrong.map((id) => `${byRef.get(id)?.refunds ?? 0}/${byRef.get(id)?.charges ?? 0}`).join(', ')} (want 1/1)`,
      );
    const [open] = await sql<{ n: number }[]>`
      select count(*)::int as n from jobs where id = any(${ids}::uuid[]) and status <> 'failed'`;
    if (open?.n) problems.push(`${label}: ${open.n} videos not ended as cancelled`);
    const refunded = ids.filter((id) => byRef.get(id)?.refunds === 1).length;
    notes.push(`${label}: ${refunded} of ${ids.length} videos refunded exactly once`);
  };

  const poolWallet = async (tenantId: string): Promise<Wallet> => {
    const [w] = await sql<Wallet[]>`
      select t.credits,
             (select coalesce(sum(amount), 0)::int from ledger_entries l where l.tenant_id = t.id and l.account_id is null) as ledger
        from tenants t where t.id = ${tenantId}`;
    return w ?? { credits: -1, ledger: -2 };
  };

  await setVideoLatency(VIDEO_LATENCY_MS);
  try {
    // (a) A refund raced from both processes.
    const start = 1000;
    const owner = await newTenant(start);
    const ids = await startVideos(owner.key, 8, 'a');
    await sleep(1000);
    const seen: CancelAnswers = { answers: new Map(), quiet: 0 };
    await cancelRace(owner.key, ids, seen, () => []);
    checkAnswers(seen, 'cancels raced');
    await checkRefunds(owner.id, ids, 'cancels raced');
    notes.push(`${ids.length * CANCELS_PER_JOB} cancels answered ${answered(seen)}`);
    const pool = await poolWallet(owner.id);
    if (pool.credits !== start || pool.ledger !== start)
      problems.push(`after the cancels the balance is ${pool.credits} and the ledger ${pool.ledger}, not ${start}`);

    // (b) Members switched from dedicated to shared credits while their videos are refunded.
    const team = await newTenant(start);
    const members: { id: string; key: string }[] = [];
    for (let i = 0; i < 4; i++) {
      const res = count(
        await call<{ account?: { account_id: string; api_key: string } }>(`${top.frontUrl}/api/tenant-accounts`, {
          key: team.key,
          body: {
            action: 'create',
            email: `money-${i}-${Date.now()}@drill.example.cn`,
            nickname: `成员${i}`,
            credits: 40,
          },
        }),
        [200],
      );
      if (!res.body.account) throw new Error(`member create answered ${res.status}: ${JSON.stringify(res.body)}`);
      members.push({ id: res.body.account.account_id, key: res.body.account.api_key });
    }
    const memberJobs = await Promise.all(members.map((m, i) => startVideos(m.key, 3, `b${i}`)));
    await sleep(1000);
    const switches: Answer<unknown>[] = [];
    const seenB: CancelAnswers = { answers: new Map(), quiet: 0 };
    await Promise.all(
      members.map((m, i) =>
        cancelRace(m.key, memberJobs[i] ?? [], seenB, () => [
          call(`${origins[(i + 1) % origins.length]}/api/tenant-accounts`, {
            key: team.key,
            body: { action: 'set-quota', account_id: m.id, shared: true },
          }).then((a) => switches.push(count(a, [200]))),
        ]),
      ),
    );
    const refusedSwitches = switches.filter((s) => s.status !== 200);
    if (refusedSwitches.length) problems.push(`set-quota answered ${refusedSwitches.map((s) => s.status).join(', ')}`);
    checkAnswers(seenB, 'cancels raced with set-quota');
    await checkRefunds(team.id, memberJobs.flat(), 'cancels raced with set-quota');
    const answer = await call<{ allocatable: number; reserved: number; total: number }>(
      `${top.frontUrl}/api/tenant-pool`,
      { key: team.key },
    );
    const teamPool = await poolWallet(team.id);
    const wallets = await sql<{ shared: boolean; credits: number; ledger: number }[]>`
      select a.shared, a.credits,
             (select coalesce(sum(amount), 0)::int from ledger_entries l where l.account_id = a.id) as ledger
        from accounts a where a.tenant_id = ${team.id}`;
    // Where the refunds went tells how the switches and the refunds interleaved.
    const [split] = await sql<{ member: number; pool: number }[]>`
      select count(*) filter (where account_id is not null)::int as member,
             count(*) filter (where account_id is null)::int as pool
        from ledger_entries where tenant_id = ${team.id} and kind = 'refund'`;
    const { allocatable, reserved, total } = answer.body;
    if (answer.status !== 200 || total !== start || reserved !== 0 || allocatable !== teamPool.ledger)
      problems.push(
        `tenant-pool answered ${answer.status} total ${total} (want ${start}), reserved ${reserved} (want 0), allocatable ${allocatable} (pool ledger ${teamPool.ledger})`,
      );
    if (teamPool.credits !== teamPool.ledger)
      problems.push(`pool balance ${teamPool.credits} but its ledger sums to ${teamPool.ledger}`);
    const off = wallets.filter((w) => !w.shared || w.credits !== w.ledger || w.credits !== 0);
    if (off.length)
      problems.push(
        `members (shared, credits, ledger): ${off.map((w) => `${w.shared}/${w.credits}/${w.ledger}`).join(', ')} (want true/0/0)`,
      );
    notes.push(
      `${members.length} set-quota shared raced with cancels answering ${answered(seenB)}; ${split?.member} refunds before the switch (to the member), ${split?.pool} after (to the pool); pool total ${total} of ${start}, members' credits ${wallets.map((w) => w.credits).join('/')}`,
    );
  } finally {
    await setVideoLatency(options.simLatencyMs);
  }

  // (c) The tenant's article limit across both processes.
  const limit = options.articleLimit;
  const writer = await newTenant(1000);
  const articles = await Promise.all(
    Array.from({ length: 3 * limit }, (_, i) =>
      call(`${origins[i % origins.length]}/api/article`, {
        key: writer.key,
        body: { template_slug: 'platform-wechat-quick-article', input: `演练限额 ${i}：城市里的夜市` },
        timeoutMs: 60_000,
      }).then((a) => count(a, [200, 429])),
    ),
  );
  const written = articles.filter((a) => a.status === 200).length;
  const limited = articles.filter((a) => a.status === 429);
  const withoutRetryAfter = limited.filter((a) => !(Number(a.headers.get('retry-after')) > 0)).length;
  const [ledger] = await sql<{ charges: number; refunds: number }[]>`
    select count(*) filter (where kind = 'charge')::int as charges,
           count(*) filter (where kind = 'refund')::int as refunds
      from ledger_entries where tenant_id = ${writer.id} and category = 'article'`;
  const charges = ledger?.charges ?? 0;
  doubled += Math.max(0, charges - limit);
  if (written !== limit || limited.length !== 2 * limit)
    problems.push(
      `articles: ${written} written and ${limited.length} limited of ${3 * limit} (want ${limit} and ${2 * limit}; others ${articles
        .filter((a) => a.status !== 200 && a.status !== 429)
        .map((a) => a.status)
        .join(', ')})`,
    );
  if (withoutRetryAfter) problems.push(`${withoutRetryAfter} of the 429 answers without Retry-After`);
  if (charges !== limit || ledger?.refunds)
    problems.push(`${charges} article charges and ${ledger?.refunds ?? 0} refunds in the ledger (want ${limit} and 0)`);
  const writerPool = await poolWallet(writer.id);
  if (writerPool.credits !== writerPool.ledger)
    problems.push(`article tenant's balance ${writerPool.credits} but its ledger sums to ${writerPool.ledger}`);
  notes.push(
    `articles at ${limit}/hour: ${written} written, ${limited.length} answered 429 (${limited.length - withoutRetryAfter} with Retry-After), ${charges} charged`,
  );

  return {
    drill: '7. refunds, set-quota and a named limit raced across both web processes',
    requests,
    failed: unexpected,
    jobs: videos + written,
    lost: 0,
    doubleCharged: doubled,
    maxPendingS: 0,
    p95Ms: null,
    notes: [...notes, ...problems],
    ok: problems.length === 0 && unexpected === 0,
  };
}
