import type { AdminActionBody } from '../../../contracts/admin';
import { attemptLog, listUpstreamsForOperator, type AttemptLogRow, type OperatorUpstreamView } from '../../upstreams/operator';
import { updateUpstream } from '../../upstreams/registry';
import type { AdminIdentity } from '../auth/identity';
import type { Deps } from '../deps';
import { badRequest, notFound } from '../errors';

/** Every upstream with its live health: what `upstream-list` and the operator console show. */
export async function listUpstreams({ db }: Pick<Deps, 'db'>, _who: AdminIdentity): Promise<{ upstreams: OperatorUpstreamView[] }> {
  return { upstreams: await listUpstreamsForOperator(db) };
}

/** Disables or enables an upstream, or sets its manual rating (0-5); answers it as the list shows it. */
export async function updateUpstreamSettings(
  { db }: Pick<Deps, 'db'>,
  _who: AdminIdentity,
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
  { db }: Pick<Deps, 'db'>,
  _who: AdminIdentity,
  input: AdminActionBody<'upstream-attempts'>,
): Promise<{ attempts: AttemptLogRow[] }> {
  return { attempts: await attemptLog(db, input) };
}
