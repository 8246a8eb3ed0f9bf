import { z } from 'zod';

/**
 * Fault injection. A fault is armed per channel (or on every channel with `channel: '*'`)
 * and is consumed by the channel's requests: by default only generation requests (image
 * generations/edits, chat completions, video task creation), or every protocol request
 * with `on: 'all'` (then video polls, lists and model lists are affected too).
 */

export const FAULT_KINDS = [
  'timeout',
  'rate_limit',
  'server_error',
  'invalid_key',
  'unpaid',
  'bad_output',
  'task_failed',
  'task_never_finishes',
  'wrong_duration',
  'stream_break',
  'missing_fields',
  'content_refused',
  'file_not_ready',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** Faults that only video channels accept: they change what the created task does. */
export const VIDEO_ONLY_FAULTS: readonly FaultKind[] = ['task_failed', 'task_never_finishes', 'wrong_duration'];

/** Task faults the asynchronous image-task channels take as well: their tasks fail, or never finish. */
export const IMAGE_TASK_FAULTS: readonly FaultKind[] = ['task_failed', 'task_never_finishes'];

/** The asynchronous image-task protocols: their tasks (predictions, queue requests) fail or never finish like video tasks. */
const IMAGE_TASK_ADAPTERS: readonly string[] = ['dashscope', 'replicate', 'fal-queue'];

/** The video-task protocols: their tasks take every task fault. */
const VIDEO_ADAPTERS: readonly string[] = ['ark-video', 'kling', 'minimax-video', 'gemini-veo', 'dashscope-video'];

/** Protocols that carry images and video: a channel of theirs serving video takes every task fault. */
const MIXED_ADAPTERS: readonly string[] = ['fal-queue', 'replicate'];

/** Whether a channel of this adapter takes a task fault (video channels all of them, image-task channels some). */
export function takesTaskFault(adapter: string | undefined, fault: FaultKind, media: readonly string[] = []): boolean {
  return (
    VIDEO_ADAPTERS.includes(adapter ?? '') ||
    (MIXED_ADAPTERS.includes(adapter ?? '') && media.includes('video')) ||
    (IMAGE_TASK_ADAPTERS.includes(adapter ?? '') && IMAGE_TASK_FAULTS.includes(fault))
  );
}

/**
 * Faults of one protocol's own: MiniMax names a finished video by a file id, and the file's download URL
 * may not be ready when the task says `Success` (the task's first file retrievals answer none).
 */
export const PROTOCOL_FAULTS: Readonly<Partial<Record<FaultKind, string>>> = { file_not_ready: 'minimax-video' };

/** Faults that only chat channels accept: they cut a chat completion's response off mid-way, or thin out its JSON. */
export const CHAT_ONLY_FAULTS: readonly FaultKind[] = ['stream_break', 'missing_fields'];

/** The adapters of chat channels (OpenAI Chat Completions, Anthropic Messages, Gemini): they take the chat-only faults. */
const CHAT_ADAPTERS: readonly string[] = ['openai-chat', 'anthropic', 'gemini'];

/** Whether a channel takes the chat-only faults: a chat protocol's channel serving chat (a Gemini image channel does not). */
export function takesChatFault(channel: { adapter: string; media: readonly string[] } | undefined): boolean {
  return channel !== undefined && CHAT_ADAPTERS.includes(channel.adapter) && channel.media.includes('chat');
}

/** Faults that image and chat channels accept (not video): a refusal by the provider's safety system. */
export const OPENAI_ONLY_FAULTS: readonly FaultKind[] = ['content_refused'];

/** Faults that change what a handler answers rather than the status; the others answer in the protocol's error shape. */
export const OUTPUT_FAULTS = [
  'bad_output',
  'task_failed',
  'task_never_finishes',
  'wrong_duration',
  'stream_break',
  'missing_fields',
  'content_refused',
  'file_not_ready',
] as const satisfies readonly FaultKind[];
export type OutputFaultKind = (typeof OUTPUT_FAULTS)[number];

export function isOutputFault(fault: FaultKind): fault is OutputFaultKind {
  return (OUTPUT_FAULTS as readonly FaultKind[]).includes(fault);
}

export const faultInputSchema = z
  .strictObject({
    channel: z.string().min(1),
    fault: z.enum(FAULT_KINDS),
    /** Applies to the next N matching requests, then clears itself; omitted = until cleared. */
    times: z.number().int().min(1).max(1_000_000).optional(),
    /** `server_error` only: the HTTP status to answer with. */
    status: z.union([z.literal(500), z.literal(502), z.literal(503), z.literal(504)]).optional(),
    /** `rate_limit` only: the `Retry-After` value in seconds. */
    retry_after_s: z.number().int().min(0).max(3600).optional(),
    on: z.enum(['generate', 'all']).optional(),
    /** `task_failed` only: the provider error code the task fails with (default `InternalServiceError`), e.g. `OutputVideoSensitiveContentDetected`. */
    code: z
      .string()
      .regex(
        /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*$/,
        'must be an error code such as OutputVideoSensitiveContentDetected or content_policy_violation',
      )
      .max(100)
      .optional(),
  })
  .refine((f) => f.code === undefined || f.fault === 'task_failed', {
    path: ['code'],
    message: "code applies to the 'task_failed' fault only",
  });

export type FaultInput = z.infer<typeof faultInputSchema>;

export interface ActiveFault {
  channel: string;
  fault: FaultKind;
  /** Requests left before the fault clears itself; null = until cleared. */
  remaining: number | null;
  /** HTTP status for `server_error`; 0 for other faults. */
  status: number;
  retry_after_s: number;
  on: 'generate' | 'all';
  /** `task_failed`: the error code the task fails with; null: the default (`InternalServiceError`). */
  code: string | null;
  /** How many requests this fault has hit so far. */
  hits: number;
  armed_at: string;
}

export interface FaultHit {
  fault: FaultKind;
  status: number;
  retryAfterS: number;
  code?: string | null;
}

export class FaultBook {
  private readonly faults = new Map<string, ActiveFault>();

  /** Arms a fault on one channel or, for `'*'`, on each of `allChannels`. Replaces an armed fault. */
  arm(input: FaultInput, allChannels: readonly string[]): ActiveFault[] {
    const targets = input.channel === '*' ? allChannels : [input.channel];
    const armedAt = new Date().toISOString();
    return targets.map((channel) => {
      const fault: ActiveFault = {
        channel,
        fault: input.fault,
        remaining: input.times ?? null,
        status: input.fault === 'server_error' ? (input.status ?? 500) : 0,
        retry_after_s: input.retry_after_s ?? 1,
        on: input.on ?? 'generate',
        code: input.code ?? null,
        hits: 0,
        armed_at: armedAt,
      };
      this.faults.set(channel, fault);
      return { ...fault };
    });
  }

  /** Takes one use of the channel's fault if it applies to this kind of request. */
  take(channel: string, generation: boolean): FaultHit | null {
    const fault = this.faults.get(channel);
    if (!fault) return null;
    if (fault.on === 'generate' && !generation) return null;
    fault.hits += 1;
    if (fault.remaining !== null) {
      fault.remaining -= 1;
      if (fault.remaining <= 0) this.faults.delete(channel);
    }
    return { fault: fault.fault, status: fault.status, retryAfterS: fault.retry_after_s, code: fault.code };
  }

  list(): ActiveFault[] {
    return [...this.faults.values()].map((f) => ({ ...f }));
  }

  /** Clears one channel's fault, or all of them. Returns how many were cleared. */
  clear(channel?: string): number {
    if (channel === undefined || channel === '*') {
      const n = this.faults.size;
      this.faults.clear();
      return n;
    }
    return this.faults.delete(channel) ? 1 : 0;
  }
}
