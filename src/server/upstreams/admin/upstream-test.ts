import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { upstreams } from '@/server/db/schema';
import { notFound, fieldError } from '@/server/errors';
import { probeChat } from '@/server/upstreams/maintenance';
import { providerFor } from '@/server/upstreams/providers';
import { targetOf } from '@/server/upstreams/registry';
import { UpstreamError, type ErrorClass, type Target, type UpstreamModel } from '@/server/upstreams/types';
import { sizeFor, sizesOf } from '@/server/upstreams/sizes';
import { verifyImage } from '@/server/upstreams/verify';
import { generateImage } from '@/server/upstreams/image-call';
import { probeReferences } from '@/server/upstreams/probe-image';

/** The longest a test call may take; the channel's own soft time-out when that is shorter. */
export const TEST_DEADLINE_MS = 20_000;

export interface UpstreamTestResult {
  ok: boolean;
  latency_ms: number;
  /** How the call failed, classified as routing classifies it; null on success. */
  error_class: ErrorClass | null;
  message: string;
  /** A short description of the answer: the reply text, the image's size, the task list. */
  sample: string | null;
  /** The model tested: its family and provider model id. */
  family: string;
  model: string;
  /** What was sent, in words. */
  call: string;
}

/** What the test sends on each protocol, in words. */
function callOf(target: Target, model: UpstreamModel): string {
  const provider = providerFor(target, model);
  if (provider.media === 'chat') return `${provider.completeCall}, max_completion_tokens 1`;
  if (provider.media === 'video') return provider.probeCall;
  const size = squareOf(model);
  return `${provider.generateCall}, ${size.width}x${size.height}${lowQuality(model) ? ', quality low' : ''}`;
}

const lowQuality = (model: UpstreamModel) => model.capabilities.qualities?.includes('low') === true;
/** The model's own square size (1024×1024 on most). */
const squareOf = (model: UpstreamModel) => sizeFor(sizesOf(model), '1:1') ?? { width: 1024, height: 1024 };

/**
 * The smallest real request of each protocol, through the channel's own adapter: chat a
 * one-token completion (`max_completion_tokens`, which reasoning models take); images one square
 * picture of a size the model takes, at its lowest quality; video a one-item task list, since creating a
 * task is billed once it starts and only queued tasks can be cancelled. Answers the sample.
 */
async function smallestCall(target: Target, model: UpstreamModel, signal: AbortSignal): Promise<string> {
  const provider = providerFor(target, model);
  switch (provider.media) {
    case 'chat': {
      const answer = await probeChat(
        target,
        model,
        { messages: [{ role: 'user', content: 'Reply with the single word: ok' }] },
        signal,
      );
      const content = answer.choices[0]?.message.content ?? '';
      return `reply ${JSON.stringify(content.slice(0, 80))}${answer.usage ? `, ${answer.usage.total_tokens} tokens` : ''}`;
    }
    case 'image': {
      const quality = lowQuality(model) ? ('low' as const) : undefined;
      const size = squareOf(model);
      const out = await generateImage(
        target,
        {
          prompt: 'A plain light grey square.',
          width: size.width,
          height: size.height,
          quality,
          referenceImages: await probeReferences(model),
        },
        signal,
      );
      const img = await verifyImage(out.data, {});
      return `${img.width}×${img.height} ${img.format}, ${Math.max(1, Math.round(out.data.length / 1024))} KB`;
    }
    case 'video':
      await provider.probe(target, signal);
      return 'task list answered (authenticated; creating a task is billed, so none is made)';
  }
}

/** A channel (any state) and one of its models, by family or provider model id (its first when none is given). */
export async function channelModel(db: Db, secret: Buffer, input: { name: string; model?: string | undefined }) {
  const [row] = await db.select().from(upstreams).where(eq(upstreams.name, input.name));
  if (!row) throw notFound(`Upstream "${input.name}"`);
  const model =
    input.model === undefined
      ? row.models[0]
      : row.models.find((m) => m.model === input.model || m.family === input.model);
  if (!model)
    throw fieldError(
      ['model'],
      `channel "${row.name}" has no model "${input.model ?? ''}"; give a provider model id or family it serves`,
    );
  return { row, model, target: targetOf(row, model, secret) };
}

/** The failure in words: never the provider's text about the key (it may quote part of it). */
export function failureText(err: unknown, apiKey: string): string {
  if (!(err instanceof UpstreamError)) return 'the call failed unexpectedly';
  const status = err.status ? ` (HTTP ${err.status})` : '';
  if (err.errorClass === 'invalid_key') return `the upstream refused the key${status}`;
  return `${err.message.split(apiKey).join('[key]').slice(0, 300)}${status}`;
}

/**
 * Sends the smallest real request through a channel (any state) and says how it went. Nothing
 * is recorded: no attempt, no score change, no removal or restoration. A test is the operator's
 * look, not traffic, so routing decides as if it had not happened.
 */
export async function runUpstreamTest(
  db: Db,
  secret: Buffer,
  input: { name: string; model?: string | undefined },
): Promise<UpstreamTestResult> {
  const { row, model, target } = await channelModel(db, secret, input);
  const base = { family: model.family, model: model.model, call: callOf(target, model) };
  const started = performance.now();
  try {
    const sample = await smallestCall(
      target,
      model,
      AbortSignal.timeout(Math.min(TEST_DEADLINE_MS, row.softTimeoutMs)),
    );
    return {
      ok: true,
      latency_ms: Math.round(performance.now() - started),
      error_class: null,
      message: 'the channel answered',
      sample,
      ...base,
    };
  } catch (err) {
    const latency = Math.round(performance.now() - started);
    const cls: ErrorClass = err instanceof UpstreamError ? err.errorClass : 'server_error';
    return {
      ok: false,
      latency_ms: latency,
      error_class: cls,
      message: failureText(err, target.apiKey),
      sample: null,
      ...base,
    };
  }
}
