import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { imageQualities, MAX_BATCH, MAX_REFERENCE_IMAGES, type ImageRequestBody } from '@/contracts/jobs';
import { invalidArguments, jobsResult, thrownResult, type JobAnswer } from './answers';
import { MCP_WAIT_MS, watchJobs } from './results';
import { inputSchemaOf, parseArgs, waitSeconds, type StudioTool, type ToolCall } from './tool';

const WAIT_MAX_S = MCP_WAIT_MS / 1000;

/** One job through `GET /api/jobs?id=`'s procedure: the caller's visibility, another tenant's job is 404. */
export async function readJob(call: ToolCall, id: string): Promise<JobAnswer> {
  const { job } = await call.caller.jobs.get({ id });
  if (!job) throw new Error(`jobs.get answered no job for ${id}`);
  return job;
}

/**
 * Submits image requests through `POST /api/generate` (one) or `/api/generate-batch` (several), the
 * very procedures REST runs (charge, limits, idempotency, member rules), then waits for the jobs on
 * the job feed until `waitMs`, and answers the images, or the job ids to read later.
 */
export async function generateAndWait(
  call: ToolCall,
  tool: string,
  items: ImageRequestBody[],
  waitMs = MCP_WAIT_MS,
): Promise<CallToolResult> {
  let watch: Awaited<ReturnType<typeof watchJobs>> | undefined;
  try {
    // Watching starts before the submission, so the job's end cannot come before the watch.
    watch = await watchJobs(call.ctx, call.who, async (id) => (await readJob(call, id)).status !== 'pending');
    const [only] = items;
    const ids =
      items.length === 1 && only
        ? [(await call.caller.jobs.generate(only)).jobId]
        : (await call.caller.jobs.generateBatch({ items })).jobs.map((j) => j.jobId);
    const started = Date.now();
    await watch.until(ids, waitMs, call.signal);
    const jobs = await Promise.all(ids.map((id) => readJob(call, id)));
    return await jobsResult(call.ctx, jobs, { waitedMs: Date.now() - started, failedIsError: true });
  } catch (thrown) {
    return thrownResult(thrown, tool);
  } finally {
    watch?.close();
  }
}

const generateImageInput = z.strictObject({
  prompt: z
    .string()
    .min(1, 'must not be empty')
    .max(8000)
    .describe('What to draw: the full prompt; with `skill`, the one sentence the skill takes'),
  skill: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe(
      'A one-sentence skill (list_skills) that turns `prompt` into its own prompt; form skills have their own tools',
    ),
  ratio: z.string().max(10).optional().describe('Aspect ratio W:H between 1:4 and 4:1, e.g. 1:1, 3:4, 16:9'),
  references: z
    .array(z.string().max(2048))
    .max(MAX_REFERENCE_IMAGES)
    .optional()
    .describe(`Up to ${MAX_REFERENCE_IMAGES} reference image URLs (files uploaded to Studio or earlier results)`),
  transparent: z
    .boolean()
    .optional()
    .describe('true: a PNG with a transparent background (refused when no model can make one, never faked)'),
  quality: z.enum(imageQualities).optional().describe('low, medium or high (default high); sets the price'),
  n: z
    .number()
    .int()
    .min(1)
    .max(MAX_BATCH, `must be at most ${MAX_BATCH}`)
    .optional()
    .describe(`How many images (1-${MAX_BATCH}, default 1); several are one batch`),
  wait_seconds: waitSeconds(WAIT_MAX_S),
});

export const generateImageTool: StudioTool = {
  name: 'generate_image',
  title: 'Generate an image',
  description:
    'Generates images with Studio (smart routing, charged in credits like POST /api/generate) from a prompt, or ' +
    `a one-sentence skill. Waits up to ${WAIT_MAX_S} s and answers each image (scaled to at most 1024 px) with a ` +
    'link to the full-size file; a job still running then is answered by id, to read with get_job.',
  inputSchema: inputSchemaOf(generateImageInput),
  annotations: { readOnlyHint: false, openWorldHint: false },
  async run(args, call) {
    const parsed = parseArgs(generateImageInput, args);
    if (!parsed.ok) return invalidArguments(parsed.message);
    const a = parsed.value;
    const item: ImageRequestBody = {
      ...(a.skill ? { skill_slug: a.skill, input: a.prompt } : { prompt: a.prompt }),
      ...(a.ratio ? { ratio: a.ratio } : {}),
      ...(a.references ? { reference_images: a.references } : {}),
      ...(a.transparent ? { background: 'transparent' as const } : {}),
      ...(a.quality ? { quality: a.quality } : {}),
    };
    const waitMs = (a.wait_seconds ?? WAIT_MAX_S) * 1000;
    return generateAndWait(
      call,
      'generate_image',
      Array.from({ length: a.n ?? 1 }, () => item),
      waitMs,
    );
  },
};

const getJobInput = z.strictObject({
  id: z.string().min(1).max(100).describe('The job id a generating tool answered'),
  wait_seconds: waitSeconds(WAIT_MAX_S).describe(
    `Seconds to wait for a pending job to finish (0-${WAIT_MAX_S}, default 0: answer at once)`,
  ),
});

export const getJobTool: StudioTool = {
  name: 'get_job',
  title: 'Read a job',
  description:
    'Reads one of your jobs (GET /api/jobs?id=): its status, and when done the image and its link; a failed ' +
    'job says why and what was refunded. Optionally waits for a pending job.',
  inputSchema: inputSchemaOf(getJobInput),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(args, call) {
    const parsed = parseArgs(getJobInput, args);
    if (!parsed.ok) return invalidArguments(parsed.message);
    const { id, wait_seconds: wait = 0 } = parsed.value;
    let watch: Awaited<ReturnType<typeof watchJobs>> | undefined;
    try {
      let job = await readJob(call, id);
      if (job.status === 'pending' && wait > 0) {
        watch = await watchJobs(call.ctx, call.who, async (j) => (await readJob(call, j)).status !== 'pending');
        await watch.until([id], wait * 1000, call.signal);
        job = await readJob(call, id);
      }
      return await jobsResult(call.ctx, [job], { failedIsError: false });
    } catch (thrown) {
      return thrownResult(thrown, 'get_job');
    } finally {
      watch?.close();
    }
  },
};
