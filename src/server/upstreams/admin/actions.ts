import type { AdminActionBody } from '@/contracts/admin';
import { attemptLog, listUpstreamsForOperator, type AttemptLogRow, type OperatorUpstreamView } from './views';
import { runUpstreamTest, type UpstreamTestResult } from './upstream-test';
import { readVideoTest, startVideoTest, type VideoTestStart, type VideoTestTask } from './video-test';
import type { FileStore } from '@/server/storage/store';
import { retireConsoleUpstream, upsertConsoleUpstream } from './console-upstreams';
import { updateUpstream } from '@/server/upstreams/registry';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { badRequest, notFound } from '@/server/errors';

/**
 * The operator's channel administration (`POST /api/admin` upstream actions), in one place with the
 * views, console channels and channel tests it uses. Each action takes `(deps, who, input)` as every
 * admin action does; `who` is the operator (the procedure checked it).
 */
type Operator = { kind: 'admin' };

/** Every upstream with its live health: what `upstream-list` and the operator console show. */
export async function listUpstreams(
  { db }: { db: Db },
  _who: Operator,
): Promise<{ upstreams: OperatorUpstreamView[] }> {
  return { upstreams: await listUpstreamsForOperator(db) };
}

async function viewOf(db: Db, name: string): Promise<OperatorUpstreamView> {
  const upstream = (await listUpstreamsForOperator(db)).find((u) => u.name === name);
  if (!upstream) throw notFound(`Upstream "${name}"`);
  return upstream;
}

/** Adds or changes a console channel; answers it as the list shows it, without its key. */
export async function upsertUpstream(
  { db, config }: { db: Db; config: Pick<Config, 'secret'> },
  _who: Operator,
  input: AdminActionBody<'upstream-upsert'>,
): Promise<{ upstream: OperatorUpstreamView; created: boolean }> {
  const { created } = await upsertConsoleUpstream(db, config.secret, input);
  return { upstream: await viewOf(db, input.name), created };
}

/** Sends the smallest real request through a channel; nothing about routing changes. */
export async function testUpstream(
  { db, config }: { db: Db; config: Pick<Config, 'secret'> },
  _who: Operator,
  input: AdminActionBody<'upstream-test'>,
): Promise<{ test: UpstreamTestResult }> {
  return { test: await runUpstreamTest(db, config.secret, input) };
}

/** Creates one short video task through a video channel (billed by the provider); routing is unchanged. */
export async function startUpstreamVideoTest(
  { db, config }: { db: Db; config: Pick<Config, 'secret'> },
  _who: Operator,
  input: AdminActionBody<'upstream-test-video'>,
): Promise<{ test: VideoTestStart }> {
  return { test: await startVideoTest(db, config.secret, input) };
}

/** Reads a test task by its handle; once done, its video verified and kept for the console to play. */
export async function readUpstreamVideoTest(
  deps: { db: Db; config: Pick<Config, 'secret' | 'video'>; files: FileStore },
  _who: Operator,
  input: AdminActionBody<'upstream-test-video-task'>,
): Promise<{ task: VideoTestTask }> {
  return { task: await readVideoTest(deps, input) };
}

/** Retires a console channel (its history stays). */
export async function removeUpstream(
  { db }: { db: Db },
  _who: Operator,
  input: AdminActionBody<'upstream-remove'>,
): Promise<{ upstream: OperatorUpstreamView }> {
  await retireConsoleUpstream(db, input.name);
  return { upstream: await viewOf(db, input.name) };
}

/** Disables or enables an upstream, or sets its manual rating (0-5); answers it as the list shows it. */
export async function updateUpstreamSettings(
  { db }: { db: Db },
  _who: Operator,
  input: AdminActionBody<'upstream-update'>,
): Promise<{ upstream: OperatorUpstreamView }> {
  if (input.enabled === undefined && input.rating === undefined) throw badRequest('Give enabled, rating or both');
  await updateUpstream(db, input);
  const upstream = (await listUpstreamsForOperator(db)).find((u) => u.name === input.name);
  if (!upstream) throw notFound(`Upstream "${input.name}"`);
  return { upstream };
}

/** The latest routing attempts, optionally of one job or request. */
export async function listAttempts(
  { db }: { db: Db },
  _who: Operator,
  input: AdminActionBody<'upstream-attempts'>,
): Promise<{ attempts: AttemptLogRow[] }> {
  return { attempts: await attemptLog(db, input) };
}
