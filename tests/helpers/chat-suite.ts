import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll } from 'vitest';
import type { RunningSim } from '@/sim/testing';
import type { Config } from '@/server/config';
import { buildConfig, DEFAULT_CHAT_PRICES, parseEnv } from '@/server/config';
import { ledgerEntries, tenants, upstreamAttempts, upstreams } from '@/server/db/schema';
import { OPERATOR, type ScopedIdentity } from '@/server/domain/auth/identity';
import type { ChatCaller, ChatOutput } from '@/server/domain/chat/proxy';
import { chatChargesWritten } from '@/server/domain/credits/hold-registry';
import { walletOf } from '@/server/domain/credits/ledger';
import { createTenant } from '@/server/domain/tenants/tenants';
import { flushAttempts } from '@/server/upstreams/engine';
import { LocalFileStore, type FileStore } from '@/server/storage/store';
import { routingSuite } from './routing-sim';
import { testSecret, type TestDatabase } from './test-db';

/** The chat configuration of a chat test: small fixed prices, no rate limit, a 5 ms settle. */
export const chatTestConfig: Pick<Config, 'secret' | 'prices' | 'chat'> = {
  secret: testSecret,
  prices: {
    image: { low: 1, medium: 2, high: 4 },
    article: 1,
    reverse: 2,
    imageToTemplate: 4,
    video: {},
    chat: DEFAULT_CHAT_PRICES,
    chatMinimum: 1,
  },
  chat: {
    ratePerMinute: 0,
    maxCompletionTokens: 4_096,
    heartbeatMs: 15_000,
    maxBodyBytes: 20 * 1024 * 1024,
    settleMs: 5,
    holdIdleMs: 10_000,
  },
};

/**
 * A chat test file's world (tests/integration/chat*.test.ts): the routing suite's database and
 * simulator, the chat configuration, tenants to call as, a recording ChatOutput, and the wallet and
 * attempts as a reader sees them.
 */
export function chatSuite() {
  let t: TestDatabase;
  let sim: RunningSim;
  let files: FileStore;

  const config = chatTestConfig;

  const apiConfig: Config = {
    ...buildConfig(
      parseEnv({
        STUDIO_DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'studio-chat-api-')),
        STUDIO_SECRET: 'x'.repeat(40),
      }),
    ),
    secret: testSecret,
  };

  /** Routing always picks the first candidate by name (sim-chat-a), so a test knows who answers first. */
  const deps = () => ({ db: t.db, files, config, random: () => 0, retryDelayMs: () => 5 });

  // The simulator's channels in a fresh database, faults and channel states reset after each test.
  const suite = routingSuite();
  beforeAll(() => {
    ({ t, sim } = suite);
    files = new LocalFileStore(mkdtempSync(path.join(os.tmpdir(), 'studio-chat-')), 'http://files.test');
  });
  afterEach(async () => {
    await sim.control('/__sim/config', { json: { channel: '*', chunk_delay_ms: 0 } });
  });

  async function tenant(credits: number): Promise<ChatCaller> {
    const { tenant: row } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
      name: `对话租户 ${credits}`,
      credits,
      quota_monthly: 0,
    });
    const who: ScopedIdentity = { kind: 'tenant', tenantId: row.id, via: 'key' };
    return { who, wallet: await walletOf(t.db, who), binding: null, rateKey: `tenant:${row.id}` };
  }

  /** A ChatOutput that keeps what was sent. */
  function recorder() {
    const out = { status: 0, json: null as unknown, text: '', ended: false, writes: 0 };
    const sink: ChatOutput = {
      json(status, body) {
        out.status = status;
        out.json = body;
        out.ended = true;
      },
      open() {
        out.status = 200;
      },
      write(text) {
        out.writes += 1;
        out.text += text;
      },
      end() {
        out.ended = true;
      },
    };
    const events = () =>
      out.text
        .split('\n\n')
        .filter((e) => e.startsWith('data: '))
        .map((e) => e.slice(6));
    return { out, sink, events };
  }

  /** The wallet as a reader sees it once the chat charges settled so far are written (as the API's reads wait for them). */
  async function balanceOf(caller: ChatCaller): Promise<{ balance: number; ledger: number; charged: number }> {
    await chatChargesWritten(caller.who.tenantId);
    const [row] = await t.db
      .select({ credits: tenants.credits })
      .from(tenants)
      .where(eq(tenants.id, caller.who.tenantId));
    const [sums] = await t.db
      .select({
        ledger: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::int`,
        charged: sql<number>`coalesce(-sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.category} = 'chat'), 0)::int`,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.tenantId, caller.who.tenantId));
    return { balance: row?.credits ?? NaN, ledger: sums?.ledger ?? NaN, charged: sums?.charged ?? NaN };
  }

  async function attemptsOf(tenantId: string) {
    await flushAttempts();
    return t.db
      .select({ channel: upstreams.name, ok: upstreamAttempts.ok, cls: upstreamAttempts.errorClass })
      .from(upstreamAttempts)
      .innerJoin(upstreams, eq(upstreams.id, upstreamAttempts.upstreamId))
      .where(eq(upstreamAttempts.tenantId, tenantId))
      .orderBy(upstreamAttempts.id);
  }

  const fault = (channel: string, kind: string, extra: Record<string, unknown> = {}) =>
    sim.control('/__sim/faults', { json: { channel, fault: kind, ...extra } });
  const ask = (text: string, extra: Record<string, unknown> = {}) => ({
    model: 'chatmodel-1',
    messages: [{ role: 'user', content: text }],
    ...extra,
  });

  return {
    get t() {
      return t;
    },
    get sim() {
      return sim;
    },
    get files() {
      return files;
    },
    config,
    apiConfig,
    deps,
    tenant,
    recorder,
    balanceOf,
    attemptsOf,
    fault,
    ask,
  };
}
