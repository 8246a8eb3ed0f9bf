import type { ImageQuality } from '@/contracts/jobs';
import type { AdapterKind } from '@/contracts/upstreams';
import type { ErrorClass, Target, UpstreamModel } from '@/server/upstreams/types';

/**
 * What Studio asks of a provider, whatever its protocol: the protocol-neutral requests and answers
 * (images, chat in the Chat Completions shape every client speaks, asynchronous video tasks), and the
 * interface each protocol folder implements. Adding a protocol is one folder under providers/ that
 * exports one of these, plus one line in providers/index.ts.
 */

export interface ImageInput {
  data: Buffer;
  mime: string;
  filename: string;
}

export interface ImageGeneration {
  prompt: string;
  width: number;
  height: number;
  quality?: ImageQuality | undefined;
  /** transparent forces PNG output with alpha. */
  background?: 'transparent' | 'opaque' | undefined;
  /** Sent only to models that take `output_format`; the others answer in their own format (PNG for DALL·E). */
  outputFormat?: 'png' | 'jpeg' | 'webp' | undefined;
  referenceImages?: ImageInput[];
  mask?: ImageInput | undefined;
}

export interface ImageOutput {
  data: Buffer;
  /** As declared by the upstream; the caller verifies the bytes. */
  declaredMime: string | null;
}

/** An OpenAI Chat Completions body; `model` is replaced with the upstream's own model id. */
export type ChatBody = Record<string, unknown> & { messages: unknown[] };

export interface ChatCompletion {
  id: string;
  object: 'chat.completion';
  created: number;
  model: string;
  choices: {
    index: number;
    message: { role: string; content: string | null } & Record<string, unknown>;
    finish_reason: string | null;
  }[];
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}

export type ChatChunk = Record<string, unknown> & { choices?: unknown[] };

/** An asynchronous video task in the shape of the content-generation task APIs. */
export interface VideoTaskRequest {
  prompt: string;
  ratio?: string | undefined;
  duration: number;
  resolution?: string | undefined;
  /** One: first frame; two: first and last frame; more: appearance references. */
  images?: string[];
  videos?: string[];
  audios?: string[];
  generateAudio?: boolean | undefined;
  /** Ask for the video's last frame as an image (used as the cover). */
  returnLastFrame?: boolean | undefined;
}

/** Ark's task statuses; `expired`: the task outlived its `execution_expires_after` and was stopped. */
export type VideoTaskStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled' | 'expired';

export interface VideoTaskState {
  id: string;
  status: VideoTaskStatus;
  videoUrl: string | null;
  lastFrameUrl: string | null;
  error: { code: string; message: string } | null;
  /** Unix seconds, as the provider reports them; null when absent. */
  createdAt: number | null;
  updatedAt: number | null;
  /** Seconds of video the provider reports (what it bills); null when absent. */
  duration: number | null;
}

/** An image protocol: one generation (or edit, with references or a mask) per call. */
export interface ImageProvider {
  media: 'image';
  mode?: 'call';
  /** The generation call in words, for the operator's channel test ('POST /v1/images/generations'). */
  generateCall: string;
  generate(target: Target, req: ImageGeneration, signal: AbortSignal): Promise<ImageOutput>;
  /** A cheap authenticated call; success means the upstream may return to rotation. */
  probe(target: Target, signal: AbortSignal): Promise<void>;
}

/**
 * Where an asynchronous image task stands (DashScope, fal's queue, Replicate): the provider's own
 * status mapped to these five; a finished task names its image by URL (downloaded into Studio's store)
 * or carries it inline (a data URI answer).
 */
export interface ImageTaskState {
  /** The provider's handle for the task, as `get` and `cancel` take it. */
  id: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';
  /** The first result image: a URL to download, or the bytes when the answer carried them. */
  image: { url: string } | { data: Buffer; mime: string | null } | null;
  /** A failed task: the provider's code, its message and the error class it maps to (never from the message). */
  error: { code: string; message: string; errorClass: ErrorClass } | null;
  /** Tasks ahead of this one, where the provider says (fal's queue position). */
  queuePosition?: number | null;
}

/**
 * An asynchronous image protocol: submit a task, poll it, cancel it. The image run submits, waits
 * between polls without holding a connection, downloads the result, and cancels the task when Studio
 * gives up on it (time-out, the job cancelled, the worker stopping).
 */
export interface ImageTaskProvider {
  media: 'image';
  mode: 'task';
  /** The submission in words, for the operator's channel test ('POST /api/v1/services/aigc/…'). */
  generateCall: string;
  /** Submits; answers the task's state (a provider that answers at once, like Replicate's `Prefer: wait`, may already be done). */
  submit(target: Target, req: ImageGeneration, signal: AbortSignal): Promise<ImageTaskState>;
  get(target: Target, id: string, signal: AbortSignal): Promise<ImageTaskState>;
  cancel(target: Target, id: string, signal: AbortSignal): Promise<void>;
  probe(target: Target, signal: AbortSignal): Promise<void>;
}

/** A chat protocol: Chat Completions bodies in, completions and chunks in OpenAI's shape out. */
export interface ChatProvider {
  media: 'chat';
  /** The completion call in words, for the operator's channel test ('POST /v1/chat/completions'). */
  completeCall: string;
  /** The caller's body as this model takes it (e.g. `max_tokens` renamed for reasoning models). */
  bodyFor(model: Pick<UpstreamModel, 'model' | 'capabilities'>, body: ChatBody): ChatBody;
  complete(target: Target, body: ChatBody, signal: AbortSignal): Promise<ChatCompletion>;
  stream(target: Target, body: ChatBody, signal: AbortSignal): Promise<AsyncIterable<ChatChunk>>;
  /** A free authenticated call (a billed one-token completion is maintenance.ts's `probeChat`). */
  probe(target: Target, signal: AbortSignal): Promise<void>;
}

/** An asynchronous video-task protocol: create, poll, cancel where the provider has a cancel. */
export interface VideoProvider {
  media: 'video';
  /**
   * Whether the provider can cancel a task. Without (Kling), the video run never calls `cancel`: a task
   * Studio gives up on is refunded and followed as an orphan, since the provider may still finish and bill it.
   */
  cancellable: boolean;
  /** The probe in words, for the operator's channel test (creating a task is billed; listing them is not). */
  probeCall: string;
  create(target: Target, req: VideoTaskRequest, signal: AbortSignal): Promise<string>;
  get(target: Target, id: string, signal: AbortSignal): Promise<VideoTaskState>;
  cancel(target: Target, id: string, signal: AbortSignal): Promise<void>;
  /** The error class of a failed task's code (a refusal is the caller's, a quota the provider's). */
  failureClass(code: string): ErrorClass | undefined;
  probe(target: Target, signal: AbortSignal): Promise<void>;
  /** Headers the result's download needs (Veo's files are read with the key); absent: a plain download. */
  resultHeaders?(target: Target): Record<string, string>;
}

export type Provider = ImageProvider | ImageTaskProvider | ChatProvider | VideoProvider;
/** Each protocol's sides, one per media it carries (most carry one). */
export type ProviderTable = Record<AdapterKind, readonly [Provider, ...Provider[]]>;
