import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { getJobsOutput } from '@/server/api/routers/jobs/get-jobs.types';
import { errorAnswerOf } from '@/server/edge/http/error-response';
import { imageContentOf } from './results';
import type { Context } from '@/server/api/trpc';

/** A job as `GET /api/jobs?id=` answers it. */
export type JobAnswer = NonNullable<z.infer<typeof getJobsOutput>['job']>;

/** A successful answer: the data as JSON text (for every client) and as structured content. */
export function jsonResult(data: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(data, null, 2) }], structuredContent: data };
}

/** A refusal the model can read and act on (not a protocol error): MCP's `isError` result. */
export function toolError(text: string, data?: Record<string, unknown>): CallToolResult {
  return { isError: true, content: [{ type: 'text', text }], ...(data ? { structuredContent: data } : {}) };
}

/**
 * A REST error answer as a tool error: its message, followed by the HTTP status REST answers, its
 * reason and, when there is one, how long to wait before retrying.
 */
export function restErrorResult(status: number, body: Record<string, unknown>, retry: string | null): CallToolResult {
  const error = typeof body.error === 'string' ? body.error : `HTTP ${status}`;
  const reason = typeof body.reason === 'string' ? body.reason : 'error';
  const hint = [`HTTP ${status}`, `reason: ${reason}`, ...(retry ? [`retry after ${retry} s`] : [])];
  return toolError(`${error} (${hint.join('; ')})`, {
    error,
    status,
    reason,
    ...(retry ? { retry_after: Number(retry) } : {}),
    ...(typeof body.request_id === 'string' ? { request_id: body.request_id } : {}),
  });
}

/** Arguments a tool's own schema refused: worded and hinted as REST's 400 for a refused body. */
export const invalidArguments = (message: string): CallToolResult =>
  restErrorResult(400, { error: message, reason: 'validation' }, null);

/** Whatever a procedure threw, as a tool error with REST's message for the same call (`restErrorResult`). */
export function thrownResult(thrown: unknown, tool: string): CallToolResult {
  const answer = errorAnswerOf(thrown, `MCP ${tool}`);
  return restErrorResult(answer.status, answer.body as Record<string, unknown>, answer.headers['retry-after'] ?? null);
}

/** The fields of a job an assistant needs; the whole view stays in structured content. */
const jobLine = (job: JobAnswer): string => {
  if (job.status === 'done') return `Job ${job.id} is done: ${job.cdn_url ?? ''}`;
  if (job.status === 'failed')
    return `Job ${job.id} failed: ${job.error ?? 'no reason given'} (reason: ${job.reason ?? 'unknown'}; ${job.credits_refunded} credits refunded)`;
  return `Job ${job.id} is still pending${job.note ? ` (${job.note})` : ''}`;
};

/**
 * Jobs as a tool answer: each finished image as image content (see `imageContentOf`) and a link to
 * the stored result, a line per job, and the jobs as `GET /api/jobs` shows them. Jobs still pending
 * are named with how to read them later. `failedIsError`: a generating tool whose every job failed
 * answers an error; reading a failed job is not one.
 */
export async function jobsResult(
  ctx: Pick<Context, 'files'>,
  jobs: readonly JobAnswer[],
  opts: { waitedMs?: number; failedIsError: boolean },
): Promise<CallToolResult> {
  const content: CallToolResult['content'] = [];
  for (const job of jobs) {
    content.push({ type: 'text', text: jobLine(job) });
    if (job.status !== 'done' || !job.cdn_url) continue;
    // Only image jobs are answered as image content; a video or a conversion keeps its link.
    const image = job.kind === 'image' ? await imageContentOf(ctx, job.cdn_url) : null;
    if (image) content.push(image);
    content.push({
      type: 'resource_link',
      uri: job.cdn_url,
      name: `job-${job.id}`,
      description: 'The full-size result Studio stores',
      ...(image ? { mimeType: image.mimeType } : {}),
    });
  }
  const pending = jobs.filter((j) => j.status === 'pending');
  if (pending.length > 0) {
    const waited = opts.waitedMs !== undefined ? ` after ${Math.round(opts.waitedMs / 1000)} s` : '';
    content.push({
      type: 'text',
      text:
        `Not finished${waited}: ${pending.map((j) => j.id).join(', ')}. It is charged once and keeps running; ` +
        'call get_job with its id (wait_seconds up to 50) to read it later. Do not submit it again.',
    });
  }
  const allFailed = jobs.length > 0 && jobs.every((j) => j.status === 'failed');
  return {
    content,
    structuredContent: { jobs: jobs as unknown as Record<string, unknown>[] },
    ...(opts.failedIsError && allFailed ? { isError: true } : {}),
  };
}
