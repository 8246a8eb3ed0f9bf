import { videoProvider } from '@/server/upstreams/providers';
import type { JobFailureReason } from '@/contracts/jobs';
import type { Db } from '@/server/db/client';
import type { VideoTaskRow } from '@/server/db/schema';
import type { Config } from '@/server/config';
import type { VideoTaskState } from '@/server/upstreams/providers/types';
import { reasonOfClass, recordAttempt, type AttemptNote } from '@/server/upstreams/engine';
import { getUpstream, targetOf } from '@/server/upstreams/registry';
import type { ErrorClass, Target } from '@/server/upstreams/types';

/**
 * What becomes of an upstream video task when it ends: the cause a failed task names (its provider
 * code mapped to a job failure reason and plain words), and the attempt row that records the end
 * with the provider's code and cost facts for operators.
 */

/** Statuses after which the provider does nothing more with a task; `not_found`: it no longer knows the task. */
export const ENDED_STATES: readonly string[] = ['succeeded', 'failed', 'cancelled', 'expired', 'not_found'];
/** Studio stopped following an orphaned task that never ended (ORPHAN_FOLLOW_MS), or whose upstream is gone. */
export const UNFOLLOWED = 'unfollowed';
export const isEnded = (upstreamState: string | null): boolean =>
  upstreamState !== null && ENDED_STATES.includes(upstreamState);

/** The upstream a task runs on, as a call target with the model's cost per second; null when that upstream is gone. */
export async function taskUpstream(
  db: Db,
  secret: Buffer,
  vt: Pick<VideoTaskRow, 'upstreamId' | 'upstreamModel' | 'tier'>,
): Promise<{ target: Target; costUsd: number } | null> {
  if (!vt.upstreamId || !vt.upstreamModel) return null;
  try {
    const row = await getUpstream(db, vt.upstreamId);
    const model =
      row.models.find((m) => m.model === vt.upstreamModel && m.family === vt.tier) ??
      row.models.find((m) => m.model === vt.upstreamModel);
    const target = targetOf(
      row,
      { family: vt.tier, model: vt.upstreamModel, media: ['video'], cost_usd: 0, capabilities: {} },
      secret,
    );
    return { target, costUsd: model?.cost_usd ?? 0 };
  } catch {
    return null;
  }
}

export async function taskTarget(
  db: Db,
  secret: Buffer,
  vt: Pick<VideoTaskRow, 'upstreamId' | 'upstreamModel' | 'tier'>,
): Promise<Target | null> {
  return (await taskUpstream(db, secret, vt))?.target ?? null;
}

export function pollDelay(video: Pick<Config['video'], 'pollFirstMs' | 'pollMaxMs'>, polls: number): number {
  return Math.min(video.pollMaxMs, video.pollFirstMs * 2 ** Math.max(0, polls));
}

/** What the caller reads in `error` for each cause; never a provider or channel name. */
const FAILURE_TEXT: Partial<Record<JobFailureReason, string>> = {
  invalid_input:
    'The provider refused an input file as invalid: it could not be read. Replace it; retrying with the same input will not help. Its credits were refunded',
  invalid_parameter:
    'The provider rejected the request as invalid: a parameter or an input did not meet its requirements. ' +
    'Retrying the same request will not help; its credits were refunded',
  upstream_quota:
    'The provider’s quota or rate limit was exhausted on every available upstream; try again later. Its credits were refunded',
  upstream_error:
    'The provider failed to generate the video (an internal error) on every available upstream; try again later. Its credits were refunded',
  timeout: 'The provider did not finish the video within its time limit; its credits were refunded',
};

/** What the provider's moderation blocked, from its code (`InputImageSensitiveContentDetected`, `OutputVideo…`). */
function refusedPart(code: string | undefined): string {
  if (!code) return 'the prompt, an input or the generated video';
  if (code.startsWith('OutputAudio')) return 'the generated sound';
  if (code.startsWith('Output')) return 'the generated video';
  if (code.startsWith('InputImage')) return 'an input image';
  if (code.startsWith('InputVideo')) return 'an input video';
  if (code.startsWith('InputAudio')) return 'an input audio';
  if (code.startsWith('InputText') || code.startsWith('SensitiveContentDetected')) return 'the prompt';
  return 'the prompt, an input or the generated video';
}

/** The caller's `error` when the provider's moderation refused the content. */
export function contentRefusedText(code?: string): string {
  return (
    `The provider refused the content: its moderation blocked ${refusedPart(code)}. Change the content; ` +
    `retrying the same request will not help. Its credits were refunded`
  );
}

export function failureText(reason: JobFailureReason, code?: string): string {
  return reason === 'content_refused'
    ? contentRefusedText(code)
    : (FAILURE_TEXT[reason] ?? FAILURE_TEXT.upstream_error ?? '');
}

/** Provider-side failures: another upstream of the tier may succeed. Refusals and invalid requests would fail there too. */
const MOVES_ON: ReadonlySet<ErrorClass> = new Set(['server_error', 'network', 'rate_limit', 'unpaid', 'bad_output']);

export interface TaskFailure {
  cls: ErrorClass;
  /** The provider's code, verbatim (`expired` for a task the provider stopped on its own time limit). */
  code: string;
  reason: JobFailureReason;
  /** Whether the next upstream of the tier gets the task. */
  next: boolean;
  error: string;
}

/** The cause a failed or expired task names. An unknown code is the provider's failure (`upstream_error`), kept verbatim for operators. */
export function taskFailure(
  state: Pick<VideoTaskState, 'status' | 'error'>,
  target: Pick<Target, 'adapter'>,
): TaskFailure {
  const code = state.error?.code ?? (state.status === 'expired' ? 'expired' : 'unknown');
  const cls: ErrorClass =
    state.status === 'expired' ? 'timeout' : (videoProvider(target).failureClass(code) ?? 'server_error');
  const reason = reasonOfClass(cls);
  return { cls, code, reason, next: MOVES_ON.has(cls), error: failureText(reason, code) };
}

/** Facts of an ended task for the attempt log: how long it ran, the seconds of video and what the provider bills for them. */
export function taskEndDetail(
  vt: Pick<VideoTaskRow, 'upstreamTaskId' | 'upstreamCreatedAt'>,
  state: Pick<VideoTaskState, 'status' | 'error' | 'createdAt' | 'updatedAt' | 'duration'>,
  costUsd: number,
  requestedSeconds: number,
): Record<string, unknown> {
  const taskMs =
    state.createdAt !== null && state.updatedAt !== null
      ? Math.max(0, (state.updatedAt - state.createdAt) * 1000)
      : vt.upstreamCreatedAt
        ? Math.max(0, Date.now() - vt.upstreamCreatedAt.getTime())
        : null;
  const seconds = state.duration ?? requestedSeconds;
  return {
    upstream_task_id: vt.upstreamTaskId,
    status: state.status,
    task_ms: taskMs,
    video_seconds: seconds,
    // The provider bills succeeded tasks only (a refused or failed one costs nothing).
    provider_cost_usd: state.status === 'succeeded' ? Math.round(costUsd * seconds * 1e6) / 1e6 : 0,
    ...(state.error?.message ? { message: state.error.message.slice(0, 500) } : {}),
  };
}

/** Records an upstream task's end as an attempt row of its upstream (read by `upstream-attempts`). */
export function recordTaskEnd(
  db: Db,
  vt: Pick<VideoTaskRow, 'id' | 'tenantId' | 'upstreamId' | 'channel' | 'tier' | 'failedUpstreams'>,
  started: number,
  ok: boolean,
  cls: ErrorClass | null,
  note: AttemptNote,
): void {
  if (!vt.upstreamId) return;
  const meta = {
    upstreamId: vt.upstreamId,
    family: vt.tier,
    ref: vt.id,
    tenantId: vt.tenantId,
    channel: vt.channel ?? undefined,
  };
  recordAttempt(db, meta, started, ok, cls, 1, vt.failedUpstreams.length + 1, note);
}
