import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { call, Tally } from './client';
import { DrillBase, sleep } from './base';
import type { Row, Tenant } from './types';

const root = path.resolve(import.meta.dirname, '../..');

/** A release checked out beside this tree and built, for the upgrade drill. */
export interface Release {
  root: string;
  commit: string;
  /** The newest migration it ships. */
  migration: string;
  remove(): void;
}

const git = (args: string[], cwd = root) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

/** The migrations a tree ships (drizzle's journal), oldest first. */
function migrations(tree: string): string[] {
  const journal = JSON.parse(readFileSync(path.join(tree, 'drizzle/meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return journal.entries.map((e) => e.tag);
}
const newestMigration = (tree: string) => migrations(tree).at(-1) ?? '';
const migrationCount = (tree: string) => migrations(tree).length;

/**
 * Whether every package the older lock file installs is installed here at the same version: the older
 * tree can then run on this tree's node_modules (a release that only added packages).
 */
function locksCompatible(older: string): boolean {
  type Lock = { packages: Record<string, { version?: string }> };
  const mine = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as Lock;
  const theirs = JSON.parse(older) as Lock;
  return Object.entries(theirs.packages).every(
    ([name, entry]) => name === '' || mine.packages[name]?.version === entry.version,
  );
}

/**
 * The previous release: the commit before the one that added the newest migration, checked out as a
 * git worktree in `work` and built (`next build`). Its packages are this tree's when its lock file is a
 * subset of ours (a link, no install), else installed with `npm ci`.
 */
export function buildPreviousRelease(work: string, log: (line: string) => void): Release {
  const latest = newestMigration(root);
  const added = git(['log', '--diff-filter=A', '--format=%H', '--', `drizzle/${latest}.sql`])
    .split('\n')
    .at(-1);
  if (!added) throw new Error(`git has no commit adding drizzle/${latest}.sql (a shallow clone?)`);
  const commit = git(['rev-parse', `${added}^`]);
  const tree = path.join(work, 'previous');
  git(['worktree', 'add', '--quiet', '--detach', '--force', tree, commit]);
  const remove = () => {
    try {
      git(['worktree', 'remove', '--force', tree]);
    } catch {
      // already gone
    }
  };
  try {
    if (locksCompatible(git(['show', `${commit}:package-lock.json`]))) {
      symlinkSync(path.join(root, 'node_modules'), path.join(tree, 'node_modules'), 'dir');
      log(`previous release ${commit.slice(0, 8)}: this tree's packages (its lock file is a subset)`);
    } else {
      log(`previous release ${commit.slice(0, 8)}: npm ci`);
      execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: tree, stdio: 'ignore' });
    }
    log(`previous release ${commit.slice(0, 8)}: next build`);
    execFileSync('npx', ['next', 'build'], {
      cwd: tree,
      stdio: 'ignore',
      env: { ...process.env, STUDIO_TYPECHECKED: '1', NEXT_TELEMETRY_DISABLED: '1' },
    });
    if (!existsSync(path.join(tree, '.next', 'BUILD_ID'))) throw new Error('the previous release did not build');
  } catch (err) {
    remove();
    throw err;
  }
  return { root: tree, commit, migration: newestMigration(tree), remove };
}

/** Chat requests at `rate` a second for `seconds`, each retried (up to 6 times) after a refused connection or a 502/503. */
async function chatLoad(frontUrl: string, tenant: Tenant, seconds: number, rate: number, tally: Tally): Promise<void> {
  const pending: Promise<void>[] = [];
  const until = Date.now() + seconds * 1000;
  for (let n = 0; Date.now() < until; n++) {
    pending.push(
      (async () => {
        const started = Date.now();
        let status = 0;
        for (let attempt = 0; attempt < 6; attempt++) {
          const res = await call(`${frontUrl}/api/chat`, {
            key: tenant.key,
            body: { model: 'studio-auto', messages: [{ role: 'user', content: `升级中的第 ${n} 个问题` }] },
            timeoutMs: 15_000,
          });
          status = res.status;
          if (status !== 0 && status !== 502 && status !== 503) break;
          await sleep(Math.min(4000, 250 * 2 ** attempt));
        }
        tally.record(Date.now() - started, status === 200, `chat HTTP ${status}`);
      })(),
    );
    await sleep(1000 / rate);
  }
  await Promise.all(pending);
}

/**
 * Drill 10: a rolling upgrade under traffic. The topology runs the previous release (the commit before
 * the newest migration); claim codes are made on it; then, under image jobs and chats, each process in
 * turn is stopped (SIGTERM, drained) and started from this tree. The first new web process applies the
 * newest migration while old processes still serve: expand and contract (docs/operations.md →
 * Upgrading) keeps them working. Afterwards the claims made on the old release are redeemed on the new.
 */
export class UpgradeDrill extends DrillBase {
  async run(release: Release, current: string): Promise<Row> {
    const tenants = await this.tenantsFor(this.size.loadS);
    const chatTenant = await this.tenant();
    const seller = await this.tenant();
    const listed = await call<{ templates: { id: string; gated: boolean }[] }>(
      `${this.top.frontUrl}/api/templates?type=image&source=platform`,
      { key: seller.key },
    );
    const gated = listed.body.templates.find((t) => t.gated);
    const codes: string[] = [];
    for (let i = 0; i < 3; i++) {
      const claim = await call<{ code: string }>(`${this.top.frontUrl}/api/tenant-claims`, {
        key: seller.key,
        body: { template_ids: gated ? [gated.id] : [], credits: 10 },
      });
      if (claim.status === 200) codes.push(claim.body.code);
    }

    const tally = new Tally();
    const chats = new Tally();
    const loading = this.load(tenants, this.size.loadS, tally);
    const chatting = chatLoad(this.top.frontUrl, chatTenant, this.size.loadS, 2, chats);
    await sleep(Math.min(4000, (this.size.loadS * 1000) / 4));
    tally.fault = true;
    chats.fault = true;
    const rolling = Date.now();
    this.top.setRoot(current);
    // Web and worker processes alternate, so old and new of both kinds serve side by side for a while.
    const order = this.top.web.flatMap((w, i) => [w, ...(this.top.workers[i] ? [this.top.workers[i]] : [])]);
    for (const m of [...order, ...this.top.workers.slice(this.top.web.length)]) {
      const starts = m.starts;
      this.top.signal(m, 'SIGTERM');
      await this.top.restarted(m, starts);
    }
    const rolledS = Math.round((Date.now() - rolling) / 1000);
    tally.fault = false;
    chats.fault = false;
    const [ids] = await Promise.all([loading, chatting]);
    const settled = await this.settle(ids, [...tenants, chatTenant, seller], 120_000);

    const [applied] = await this.sql<{ n: number }[]>`select count(*)::int as n from drizzle.__drizzle_migrations`;
    const redeemed = await Promise.all(
      codes.map((code, i) =>
        call(`${this.top.frontUrl}/api/social-claims`, {
          body: { code, nickname: `升级买家${i}`, email: `upgrade-${i}-${Date.now()}@drill.example.cn` },
        }),
      ),
    );
    const claimsOk = codes.length === 3 && redeemed.every((r) => r.status === 200);
    const health = await call<{ ok: boolean }>(`${this.top.frontUrl}/api/health`);
    const row = this.row(
      `10. rolling upgrade from ${release.commit.slice(0, 8)} (${release.migration}) to this tree`,
      tally,
      ids,
      settled,
      [
        `${this.top.web.length + this.top.workers.length} processes rolled in ${rolledS} s`,
        `${applied?.n ?? 0} migrations applied after it`,
        `${chats.requests - chats.failed}/${chats.requests} chats answered` +
          (chats.failed ? ` (gave up: ${[...chats.errors].map(([k, v]) => `${k}×${v}`).join(', ')})` : ''),
        `${redeemed.filter((r) => r.status === 200).length}/${codes.length} claim codes made on the old release redeemed on the new`,
      ],
      claimsOk && chats.failed === 0 && health.status === 200 && applied?.n === migrationCount(current),
    );
    row.requests += chats.requests + redeemed.length;
    row.failed += chats.failed;
    return row;
  }
}
