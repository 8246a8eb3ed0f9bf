import type postgres from 'postgres';
import type { Topology } from '../cluster/topology';
import { call } from './client';
import type { Row, Tenant } from './types';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Chat on a small wallet across both web processes while one of them restarts: each process admits
 * requests from its own hold on the wallet (docs/architecture.md → Chat holds). Checks that the
 * wallet never went negative, that every answer has exactly one charge row of its amount and a
 * refused request none, that the ledger sums to the balance, that `held` always equals the hold rows,
 * and that every hold is given back once the wallet is quiet. A request whose outcome the client
 * could not learn (the front's 502 when a restarting process dropped the connection) may or may not
 * have been charged: at most once, and it is counted apart.
 */
export async function chatHoldsDrill(
  top: Topology,
  sql: postgres.Sql,
  newTenant: (credits: number) => Promise<Tenant>,
): Promise<Row> {
  const credits = 60;
  const tenant = await newTenant(credits);
  let answered = 0;
  let refused = 0;
  let unknown = 0;
  let charged = 0;
  let heldMismatch = 0;
  const ask = async (i: number) => {
    const res = await call<{ credits?: number }>(`${top.frontUrl}/api/chat/completions`, {
      key: tenant.key,
      body: {
        model: 'studio-auto',
        messages: [{ role: 'user', content: `演练对话 ${i}：用一句话介绍长城。` }],
        max_tokens: 2000,
      },
      timeoutMs: 60_000,
    });
    if (res.status === 200 && typeof res.body.credits === 'number') {
      answered += 1;
      charged += res.body.credits;
    } else if (res.status === 402) refused += 1;
    else unknown += 1;
  };
  const checkHeld = async () => {
    const [w] = await sql<{ ok: boolean }[]>`
      select t.held = coalesce((select sum(amount) from credit_holds h where h.tenant_id = t.id), 0) and t.held <= t.credits as ok
        from tenants t where t.id = ${tenant.id}`;
    if (!w?.ok) heldMismatch += 1;
  };
  const waves = async (count: number) => {
    for (let wave = 0; wave < count; wave++) {
      await Promise.all(Array.from({ length: 12 }, (_, i) => ask(wave * 12 + i)));
      await checkHeld();
    }
  };
  const loading = waves(6);
  await sleep(1500);
  const web = top.web[0];
  if (web) {
    const starts = web.starts;
    top.signal(web, 'SIGTERM');
    await top.restarted(web, starts);
  }
  await loading;
  // The other process gives its hold back after a quiet spell (STUDIO_CHAT_HOLD_IDLE_MS).
  let holds = -1;
  for (let i = 0; i < 40 && holds !== 0; i++) {
    await sleep(500);
    const [h] = await sql<{ n: number }[]>`select count(*)::int as n from credit_holds where tenant_id = ${tenant.id}`;
    holds = h?.n ?? -1;
  }
  const [w] = await sql<{ credits: number; held: number; ledger: number; rows: number; refs: number; sum: number }[]>`
    select t.credits, t.held,
           (select coalesce(sum(amount), 0)::int from ledger_entries l where l.tenant_id = t.id and l.account_id is null) as ledger,
           (select count(*)::int from ledger_entries l where l.tenant_id = t.id and l.category = 'chat') as rows,
           (select count(distinct ref)::int from ledger_entries l where l.tenant_id = t.id and l.category = 'chat') as refs,
           (select coalesce(-sum(amount), 0)::int from ledger_entries l where l.tenant_id = t.id and l.category = 'chat') as sum
      from tenants t where t.id = ${tenant.id}`;
  // Each answer charged once and exactly; a request of unknown outcome at most once, for at most its bound (5).
  const exact =
    w !== undefined &&
    w.rows === w.refs &&
    w.rows >= answered &&
    w.rows <= answered + unknown &&
    w.sum >= charged &&
    w.sum <= charged + 5 * (w.rows - answered);
  const ok =
    exact &&
    w.ledger === w.credits &&
    w.credits >= 0 &&
    w.held === 0 &&
    holds === 0 &&
    heldMismatch === 0 &&
    refused > 0;
  return {
    drill: '6. chat on a small wallet across both web processes, one restarted',
    requests: answered + refused + unknown,
    failed: unknown,
    jobs: answered,
    lost: 0,
    doubleCharged: Math.max(0, (w?.rows ?? 0) - (w?.refs ?? 0)),
    maxPendingS: 0,
    p95Ms: null,
    notes: [
      `${answered} answered (${charged} credits), ${refused} refused with 402 on ${credits} credits${unknown ? `, ${unknown} of unknown outcome` : ''}`,
      `${w?.rows} charge rows for ${w?.refs} requests; ledger ${w?.ledger} = balance ${w?.credits}: ${w?.ledger === w?.credits ? 'yes' : 'NO'}`,
      `held = hold rows at every check: ${heldMismatch === 0 ? 'yes' : `no (${heldMismatch})`}; held after the quiet spell ${w?.held}`,
    ],
    ok,
  };
}
