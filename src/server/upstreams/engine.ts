import type { Db } from '@/server/db/client';
import type { UpstreamRow } from '@/server/db/schema';
import { AppError, declared } from '@/server/errors';
import { logger } from '@/server/logger';
import { getUpstream, loadCandidates, markRemoved, targetOf } from './registry';
import { recordAttempt, withCost, type AttemptNote } from './attempt-log';

export { flushAttempts, recordAttempt, type AttemptNote } from './attempt-log';
import { planRoute, type Candidate, type RouteRequest } from './select';
import type { JobFailureReason } from '@/contracts/jobs';
import {
  CALLER_FAULT,
  REMOVING,
  RETRIED_ONCE,
  TRANSIENT,
  UpstreamError,
  type ErrorClass,
  type Target,
  type UpstreamModel,
} from './types';

/** Same upstream at most 2 more times, transient errors only (rule 3). */
export const MAX_RETRIES = 2;

export interface RouteOptions {
  /** Job or request id the attempts are recorded under. */
  ref?: string | undefined;
  tenantId?: string | undefined;
  random?: () => number;
  signal?: AbortSignal | undefined;
  /** Called when the chain moves on to backup channel `position` of `total` (rule 3's note). */
  onFallback?: (position: number, total: number) => void | Promise<void>;
  /** Back-off before a retry; tests shorten it. */
  retryDelayMs?: (tryNo: number, err: UpstreamError) => number;
  /**
   * What must succeed before any upstream is called (chat's credit reservation): awaited just before
   * the first call, so the chain's own preparation overlaps it. When it fails, its error ends the chain
   * as it is, and no upstream was called or recorded.
   */
  gate?: Promise<unknown> | undefined;
}

export interface Routed<T> {
  result: T;
  /** For internal records only: never shown to tenants. */
  upstreamId: string;
  channel: string;
  family: string;
  model: UpstreamModel;
  chainPosition: number;
}

/** Raised when every upstream of the chain failed; the message names no provider or channel. */
export class RoutingExhausted extends AppError {
  readonly lastClass: ErrorClass;
  readonly tried: number;
  constructor(tried: number, lastClass: ErrorClass) {
    super('UNAVAILABLE', `${describeFailure(lastClass)} on every available upstream (${tried} tried)`);
    this.lastClass = lastClass;
    this.tried = tried;
  }
}

/** The job failure reason an error class stands for (docs/api.md → Job failures). */
export function reasonOfClass(cls: ErrorClass): JobFailureReason {
  switch (cls) {
    case 'refused':
      return 'content_refused';
    case 'invalid_input':
      return 'invalid_input';
    case 'bad_request':
    case 'unsupported':
      return 'invalid_parameter';
    case 'rate_limit':
    case 'unpaid':
      return 'upstream_quota';
    case 'timeout':
      return 'timeout';
    default:
      return 'upstream_error';
  }
}

/** What the caller is told when a provider's moderation refused the content (no provider is named). */
export const CONTENT_REFUSED_MESSAGE =
  'The provider refused the content: its moderation blocked the prompt, an input image or the result. ' +
  'Change the content; retrying the same request will not help. Nothing is charged for it';

/**
 * Raised when the provider's moderation refused the content: the caller's error (400), tried on one
 * upstream only (another would get the same content), no health penalty.
 */
export class ContentRefused extends AppError {
  constructor(message = CONTENT_REFUSED_MESSAGE) {
    super('BAD_REQUEST', message, { reason: 'content_refused' });
  }
}

/**
 * The job failure reason of an error that ended a job: the routing failure's class, a refusal of the
 * caller's input, a capability no model has; `interrupted` for anything else.
 */
export function failureReasonOf(err: unknown): JobFailureReason {
  if (err instanceof RoutingExhausted) return reasonOfClass(err.lastClass);
  if (err instanceof ContentRefused) return 'content_refused';
  if (err instanceof InputRejected) return 'invalid_input';
  if (err instanceof AppError) {
    if (err.reason === 'capability_unsupported') return 'capability_unsupported';
    if (err.reason === 'timeout') return 'timeout';
    if (err.code === 'BAD_REQUEST') return 'invalid_parameter';
    if (err.code === 'UNAVAILABLE') return 'upstream_error';
  }
  return 'interrupted';
}

/** What the caller is told when an upstream refused the input itself (no provider is named). */
export const INVALID_INPUT_MESSAGE =
  'An input image was refused as invalid: it could not be read as an image (a damaged or cut-off file, ' +
  'or an address that does not lead to an image). Replace it with a valid PNG, JPEG or WebP image; ' +
  'retrying with the same input will not help';

/**
 * Raised when an upstream answered that the request's input itself is invalid: the chain stops
 * there (another upstream would refuse it too) and the caller is told what to fix (400).
 */
export class InputRejected extends AppError {
  constructor() {
    super('BAD_REQUEST', INVALID_INPUT_MESSAGE);
  }
}

/** Caller-safe words for an error class. */
export function describeFailure(cls: ErrorClass): string {
  const words: Record<ErrorClass, string> = {
    timeout: 'The generation timed out',
    rate_limit: 'The upstream was rate limited',
    server_error: 'The upstream had a server error',
    network: 'The upstream could not be reached',
    invalid_key: 'The upstream refused its credentials',
    unpaid: 'The upstream account is suspended',
    bad_request: 'The upstream rejected the request',
    unsupported: 'The upstream does not support this request',
    bad_output: 'The upstream returned an unusable result',
    invalid_input: 'The upstream refused the input as invalid',
    refused: 'The provider refused the content',
  };
  return words[cls];
}

const defaultDelay = (tryNo: number, err: UpstreamError) => Math.min(err.retryAfterMs ?? 500 * 2 ** (tryNo - 1), 5_000);

function classify(err: unknown): UpstreamError {
  if (err instanceof UpstreamError) return err;
  if (err instanceof Error && err.name === 'AbortError') return new UpstreamError('timeout', 'aborted', { cause: err });
  return new UpstreamError('server_error', err instanceof Error ? err.message : String(err), { cause: err });
}

/** What `planOrThrow` and the chain answer, declared by every operation that calls an upstream. */
export const ROUTING_ERRORS = [
  declared(
    'BAD_REQUEST',
    'No upstream supports what was asked (`reason: capability_unsupported`: transparent background, mask, reference images, …); do not retry unchanged',
  ),
  declared('UNAVAILABLE', 'No upstream is available now, or every upstream failed; retry later'),
];

/** Plans a route or throws the caller-facing 400/503 (rule 6: capability failures are 400, no retry). */
export async function planOrThrow(
  db: Db,
  req: RouteRequest,
  random?: () => number,
): Promise<{ chain: Candidate[]; locked: boolean }> {
  const plan = planRoute(await loadCandidates(db), req, random);
  if ('kind' in plan) {
    if (plan.kind === 'unavailable') throw new AppError('UNAVAILABLE', plan.message, { retryAfter: 60 });
    throw new AppError('BAD_REQUEST', plan.message, { reason: 'capability_unsupported' });
  }
  return plan;
}

/**
 * One call to one upstream. `note` is the attempt's log row: what the call sets in `note.detail`
 * (the size it sent, say) is recorded with the attempt, whether it succeeds or fails.
 */
export type UpstreamCall<T> = (
  target: Target,
  model: UpstreamModel,
  signal: AbortSignal,
  note: AttemptNote,
) => Promise<T>;

/**
 * Runs `call` through the fallback chain: each upstream is tried, transient failures retried on it
 * up to twice and a server error once, invalid-key and unpaid answers remove it from rotation, an
 * answer that the input itself is invalid ends the call with {@link InputRejected} and a content
 * refusal with {@link ContentRefused}, and any other failure moves to the next upstream. Every
 * attempt is recorded.
 */
export async function routeCall<T>(
  db: Db,
  secret: Buffer,
  req: RouteRequest,
  call: UpstreamCall<T>,
  opts: RouteOptions = {},
): Promise<Routed<T>> {
  const plan = await planOrThrow(db, req, opts.random);
  return runChain(db, secret, plan.chain, call, opts);
}

export async function runChain<T>(
  db: Db,
  secret: Buffer,
  chain: Candidate[],
  call: UpstreamCall<T>,
  opts: RouteOptions = {},
): Promise<Routed<T>> {
  const delay = opts.retryDelayMs ?? defaultDelay;
  // Built only on failure: an Error's stack is costly, and most calls succeed at once.
  let last: UpstreamError | null = null;
  let gate = opts.gate;
  for (let pos = 1; pos <= chain.length; pos++) {
    const cand = chain[pos - 1];
    if (!cand) break;
    if (pos > 1) await opts.onFallback?.(pos - 1, chain.length - 1);
    let row: UpstreamRow;
    try {
      // The plan's snapshot is at most a second old; a fallback re-reads, since an earlier try may have just removed it.
      row = pos === 1 && cand.upstream.row ? cand.upstream.row : await getUpstream(db, cand.upstream.id);
    } catch {
      continue;
    }
    if (!row.enabled || row.removedReason) continue;
    const target = targetOf(row, cand.model, secret);
    const meta = {
      upstreamId: row.id,
      channel: row.name,
      family: cand.model.family,
      ref: opts.ref,
      tenantId: opts.tenantId,
    };
    if (gate) {
      const passing = gate;
      gate = undefined;
      await passing;
    }
    for (let tryNo = 1; tryNo <= 1 + MAX_RETRIES; tryNo++) {
      if (opts.signal?.aborted) throw new AppError('UNAVAILABLE', 'The work was cancelled');
      const started = Date.now();
      // One controller per attempt, aborted by the soft time-out or by the caller's signal.
      const attempt = new AbortController();
      const timer = setTimeout(
        () => attempt.abort(new DOMException('soft time-out', 'TimeoutError')),
        row.softTimeoutMs,
      );
      const relay = () => attempt.abort(opts.signal?.reason);
      opts.signal?.addEventListener('abort', relay, { once: true });
      let failure: unknown;
      const note: AttemptNote = {};
      try {
        const result = await call(target, cand.model, attempt.signal, note);
        recordAttempt(db, meta, started, true, null, tryNo, pos, withCost(note, cand.model));
        return {
          result,
          upstreamId: row.id,
          channel: row.name,
          family: cand.model.family,
          model: cand.model,
          chainPosition: pos,
        };
      } catch (err) {
        failure = err;
      } finally {
        clearTimeout(timer);
        opts.signal?.removeEventListener('abort', relay);
      }
      // The caller went away: not the upstream's failure, and nothing is left to do.
      if (opts.signal?.aborted) throw new AppError('UNAVAILABLE', 'The work was cancelled');
      last =
        attempt.signal.aborted && !(failure instanceof UpstreamError && failure.errorClass !== 'timeout')
          ? new UpstreamError('timeout', `no answer within ${row.softTimeoutMs} ms`, { cause: failure })
          : classify(failure);
      note.errorCode ??= last.code;
      recordAttempt(db, meta, started, false, last.errorClass, tryNo, pos, note);
      logger.info(
        { channel: row.name, cls: last.errorClass, code: last.code, tryNo, pos, ref: opts.ref },
        'upstream attempt failed',
      );
      // The content or the input itself is refused: no other upstream can do better, so the chain stops here.
      if (last.errorClass === 'refused') throw new ContentRefused();
      if (CALLER_FAULT.has(last.errorClass)) throw new InputRejected();
      if (REMOVING.has(last.errorClass)) {
        await markRemoved(db, row.id, last.errorClass as 'invalid_key' | 'unpaid');
        break;
      }
      const retries = TRANSIENT.has(last.errorClass) ? MAX_RETRIES : RETRIED_ONCE.has(last.errorClass) ? 1 : 0;
      if (tryNo > retries) break;
      const wait = delay(tryNo, last);
      await new Promise((r) => setTimeout(r, wait));
    }
  }
  throw new RoutingExhausted(chain.length, last?.errorClass ?? 'server_error');
}
