import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { SimChannel } from './channels';
import {
  CHAT_ONLY_FAULTS,
  faultInputSchema,
  OPENAI_ONLY_FAULTS,
  PROTOCOL_FAULTS,
  takesChatFault,
  takesTaskFault,
  VIDEO_ONLY_FAULTS,
  type FaultBook,
} from '@/sim/protocols/faults';
import { CONTENT_TYPES, type SimFileStore } from '@/sim/media/file-store';
import { readBody, sendBytes, sendJson } from '@/sim/protocols/http';
import { parsePosterSpec, PosterSpecError, renderPoster } from '@/sim/media/poster';
import type { SimRequestRecord } from './request-log';
import { STATUSES, taskStatus, taskView, type VideoSettings, type VideoTasks } from '@/sim/protocols/video-tasks';

/** The simulator's control API under `/__sim/`: faults, latency and video settings, the request log, video tasks, stored files, posters, reset. */

/** What the control API reads and changes of a running simulator. */
export interface ControlState {
  channels: readonly SimChannel[];
  byName: ReadonlyMap<string, SimChannel>;
  names: readonly string[];
  latency: Map<string, number>;
  /** Video channels only. */
  videoSettings: Map<string, VideoSettings>;
  /** Chat channels only. */
  chatSettings: Map<string, ChatSettings>;
  faultBook: FaultBook;
  files: SimFileStore;
  tasks: VideoTasks;
  listLog(channel?: string): SimRequestRecord[];
  clearLog(channel?: string): void;
  reset(): void;
}

/** Per-channel settings of a chat channel. */
export interface ChatSettings {
  /** Pause between streamed chunk writes, in ms (0: a few batched writes). */
  chunkDelayMs: number;
}

export const latencySchema = z.number().int().min(0).max(600_000);
export const chunkDelaySchema = z.number().int().min(0).max(60_000);
export const queuedPercentSchema = z.number().int().min(0).max(100);
const configSchema = z
  .strictObject({
    channel: z.string().min(1),
    latency_ms: latencySchema.optional(),
    /** Video channels: DELETE also cancels running tasks. */
    cancel_running: z.boolean().optional(),
    /** Video channels: share of the latency spent queued. */
    queued_percent: queuedPercentSchema.optional(),
    /** Chat channels: pause between streamed chunks. */
    chunk_delay_ms: chunkDelaySchema.optional(),
  })
  .refine(
    (c) =>
      c.latency_ms !== undefined ||
      c.cancel_running !== undefined ||
      c.queued_percent !== undefined ||
      c.chunk_delay_ms !== undefined,
    {
      message: 'give at least one of latency_ms, cancel_running, queued_percent, chunk_delay_ms',
    },
  );

function channelConfig(
  state: Pick<ControlState, 'latency' | 'videoSettings' | 'chatSettings'>,
  name: string,
): Record<string, unknown> {
  const out: Record<string, unknown> = { latency_ms: state.latency.get(name) ?? 0 };
  const chat = state.chatSettings.get(name);
  if (chat) out.chunk_delay_ms = chat.chunkDelayMs;
  const video = state.videoSettings.get(name);
  if (video) {
    out.cancel_running = video.cancelRunning;
    out.queued_percent = video.queuedPercent;
  }
  return out;
}

export class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function zodMessage(err: z.ZodError): string {
  return err.issues.map((i) => `${i.path.length ? `${i.path.join('.')}: ` : ''}${i.message}`).join('; ');
}

function parseControlBody(body: Buffer): unknown {
  if (body.length === 0) throw new ControlError(400, 'a JSON body is required');
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw new ControlError(400, 'the body is not valid JSON');
  }
}

export function knownChannel(state: Pick<ControlState, 'byName' | 'names'>, name: string, allowStar: boolean): void {
  const { byName, names } = state;
  if (allowStar && name === '*') return;
  if (!byName.has(name))
    throw new ControlError(
      400,
      `unknown channel '${name}'; expected one of ${names.join(', ')}${allowStar ? " or '*'" : ''}`,
    );
}

/** `POST /__sim/poster`: draws a poster with known text (see media/poster.ts) so a test can hand it to image reading. */
async function sendPoster(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
  let png: Buffer;
  try {
    png = await renderPoster(parsePosterSpec(parseControlBody(body)));
  } catch (err) {
    if (err instanceof PosterSpecError) throw new ControlError(400, err.message);
    throw err;
  }
  sendBytes(req, res, png, 'image/png', { 'cache-control': 'no-store' });
}

export async function handleControl(
  state: ControlState,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const { channels, byName, names, latency, videoSettings, chatSettings, faultBook, files, tasks } = state;
  const method = req.method ?? 'GET';
  const path = url.pathname;
  const body =
    method === 'POST' || method === 'PUT' || method === 'PATCH' ? await readBody(req, 1024 * 1024) : Buffer.alloc(0);
  const channelParam = url.searchParams.get('channel');

  if (path.startsWith('/__sim/files/') && (method === 'GET' || method === 'HEAD')) {
    const name = path.slice('/__sim/files/'.length);
    const m = /^([A-Za-z0-9_-]{1,80})\.(png|jpeg|webp|mp4)$/.exec(name);
    const ext = m?.[2];
    const id = m?.[1];
    if (ext && id) {
      const cache = { 'cache-control': 'public, max-age=86400' };
      if (ext === 'mp4') {
        // An Ark task's video, else one stored in the file store (Kling's results).
        const bytes = tasks.file(id, 'mp4', Date.now()) ?? files.get(name)?.bytes;
        if (bytes) return sendBytes(req, res, bytes, 'video/mp4', cache);
      } else {
        const file = files.get(name);
        if (file)
          return sendBytes(
            req,
            res,
            file.bytes,
            file.contentType || (CONTENT_TYPES[ext] ?? 'application/octet-stream'),
            cache,
          );
        // A video task's last frame (`last_frame_url`).
        const frame = ext === 'png' ? tasks.file(id, 'png', Date.now()) : undefined;
        if (frame) return sendBytes(req, res, frame, 'image/png', cache);
      }
    }
    throw new ControlError(404, `file '${name}' not found (it may have expired)`);
  }

  if (path.startsWith('/__sim/video-tasks/') && method === 'GET') {
    const id = decodeURIComponent(path.slice('/__sim/video-tasks/'.length));
    const task = tasks.inspect(id);
    if (!task) throw new ControlError(404, `video task '${id}' not found (never created, or evicted)`);
    return sendJson(res, 200, taskView(task, Date.now()));
  }

  const route = `${method} ${path.replace(/\/+$/, '')}`;
  switch (route) {
    case 'GET /__sim/health':
      return sendJson(res, 200, { ok: true, simulator: true, channels: names });
    case 'GET /__sim/channels':
      return sendJson(
        res,
        200,
        channels.map((c) => {
          const latencyMs = latency.get(c.name) ?? c.latencyMs;
          if (c.adapter === 'openai-chat')
            return { ...c, latencyMs, chunkDelayMs: chatSettings.get(c.name)?.chunkDelayMs ?? 0 };
          if (c.adapter !== 'ark-video') return { ...c, latencyMs };
          return { ...c, latencyMs, cancelRunning: videoSettings.get(c.name)?.cancelRunning ?? c.cancelRunning };
        }),
      );
    case 'GET /__sim/faults':
      return sendJson(
        res,
        200,
        faultBook.list().filter((f) => !channelParam || f.channel === channelParam),
      );
    case 'POST /__sim/faults': {
      const parsed = faultInputSchema.safeParse(parseControlBody(body));
      if (!parsed.success) throw new ControlError(400, zodMessage(parsed.error));
      const input = parsed.data;
      knownChannel(state, input.channel, true);
      const videoOnly = VIDEO_ONLY_FAULTS.includes(input.fault);
      if (
        videoOnly &&
        input.channel !== '*' &&
        !takesTaskFault(byName.get(input.channel)?.adapter, input.fault, byName.get(input.channel)?.media)
      ) {
        throw new ControlError(400, `fault '${input.fault}' only applies to video (or image task) channels`);
      }
      // A task fault sticks to the task it hits at creation; a poll taking it would only use it up.
      if (videoOnly && input.on === 'all')
        throw new ControlError(400, `fault '${input.fault}' applies to task creation only; 'on: all' is not accepted`);
      const chatOnly = CHAT_ONLY_FAULTS.includes(input.fault);
      if (chatOnly && input.channel !== '*' && !takesChatFault(byName.get(input.channel))) {
        throw new ControlError(400, `fault '${input.fault}' only applies to chat channels`);
      }
      // It changes a completion's answer; a model list taking it would only use it up.
      if (chatOnly && input.on === 'all')
        throw new ControlError(
          400,
          `fault '${input.fault}' applies to chat completions only; 'on: all' is not accepted`,
        );
      const protocolOnly = PROTOCOL_FAULTS[input.fault];
      if (protocolOnly && input.channel !== '*' && byName.get(input.channel)?.adapter !== protocolOnly)
        throw new ControlError(400, `fault '${input.fault}' only applies to ${protocolOnly} channels`);
      if (protocolOnly && input.on === 'all')
        throw new ControlError(400, `fault '${input.fault}' applies to task creation only; 'on: all' is not accepted`);
      const openAiOnly = OPENAI_ONLY_FAULTS.includes(input.fault);
      if (openAiOnly && input.channel !== '*' && byName.get(input.channel)?.adapter === 'ark-video') {
        throw new ControlError(400, `fault '${input.fault}' only applies to image and chat channels`);
      }
      if (openAiOnly && input.on === 'all')
        throw new ControlError(400, `fault '${input.fault}' applies to generations only; 'on: all' is not accepted`);
      const targets = channels
        .filter(
          (c) =>
            (!videoOnly || takesTaskFault(c.adapter, input.fault, c.media)) &&
            (!chatOnly || takesChatFault(c)) &&
            (!openAiOnly || c.adapter !== 'ark-video') &&
            (!protocolOnly || c.adapter === protocolOnly),
        )
        .map((c) => c.name);
      return sendJson(res, 200, { ok: true, faults: faultBook.arm(input, targets) });
    }
    case 'DELETE /__sim/faults': {
      if (channelParam) knownChannel(state, channelParam, true);
      return sendJson(res, 200, { ok: true, cleared: faultBook.clear(channelParam ?? undefined) });
    }
    case 'GET /__sim/requests': {
      if (channelParam) knownChannel(state, channelParam, false);
      const limitRaw = url.searchParams.get('limit');
      const entries = state.listLog(channelParam ?? undefined);
      if (limitRaw !== null) {
        const limit = Number(limitRaw);
        if (!Number.isInteger(limit) || limit < 1) throw new ControlError(400, 'limit must be a positive integer');
        return sendJson(res, 200, entries.slice(-limit));
      }
      return sendJson(res, 200, entries);
    }
    case 'DELETE /__sim/requests': {
      if (channelParam) knownChannel(state, channelParam, false);
      const before = state.listLog(channelParam ?? undefined).length;
      state.clearLog(channelParam ?? undefined);
      return sendJson(res, 200, { ok: true, cleared: before });
    }
    case 'GET /__sim/config':
      return sendJson(res, 200, { channels: Object.fromEntries(names.map((n) => [n, channelConfig(state, n)])) });
    case 'POST /__sim/config': {
      const parsed = configSchema.safeParse(parseControlBody(body));
      if (!parsed.success) throw new ControlError(400, zodMessage(parsed.error));
      const { channel, latency_ms, cancel_running, queued_percent, chunk_delay_ms } = parsed.data;
      knownChannel(state, channel, true);
      if (chunk_delay_ms !== undefined && channel !== '*' && !chatSettings.has(channel)) {
        throw new ControlError(400, `chunk_delay_ms only applies to chat channels; '${channel}' is not one`);
      }
      const videoOnly = cancel_running !== undefined || queued_percent !== undefined;
      if (videoOnly && channel !== '*' && !videoSettings.has(channel)) {
        throw new ControlError(
          400,
          `cancel_running and queued_percent only apply to video channels; '${channel}' is not one`,
        );
      }
      // With '*', latency applies to every channel, the video settings to every video channel and the chat settings to every chat channel.
      const targets = channel === '*' ? names : [channel];
      for (const n of targets) {
        if (latency_ms !== undefined) latency.set(n, latency_ms);
        const video = videoSettings.get(n);
        if (video) {
          if (cancel_running !== undefined) video.cancelRunning = cancel_running;
          if (queued_percent !== undefined) video.queuedPercent = queued_percent;
        }
        const chat = chatSettings.get(n);
        if (chat && chunk_delay_ms !== undefined) chat.chunkDelayMs = chunk_delay_ms;
      }
      return sendJson(res, 200, {
        ok: true,
        channels: Object.fromEntries(targets.map((n) => [n, channelConfig(state, n)])),
      });
    }
    case 'GET /__sim/video-tasks': {
      if (channelParam) knownChannel(state, channelParam, false);
      const status = url.searchParams.get('status');
      if (status && !(STATUSES as readonly string[]).includes(status) && status !== 'deleted') {
        throw new ControlError(400, `status must be one of ${STATUSES.join(', ')} or deleted`);
      }
      const now = Date.now();
      const all = tasks.all(channelParam ?? undefined).filter((t) => {
        if (!status) return true;
        if (status === 'deleted') return t.deletedAtMs !== null;
        return taskStatus(t, now) === status;
      });
      const limitRaw = url.searchParams.get('limit');
      const limit = limitRaw === null ? Math.max(1, all.length) : Number(limitRaw);
      if (!Number.isInteger(limit) || limit < 1) throw new ControlError(400, 'limit must be a positive integer');
      const stats = tasks.stats();
      return sendJson(res, 200, {
        tasks: all.slice(0, limit).map((t) => taskView(t, now)),
        stats: channelParam
          ? { [channelParam]: stats[channelParam] ?? { created: 0, cancelled: 0, cancel_refused: 0, deleted: 0 } }
          : stats,
      });
    }
    case 'POST /__sim/poster':
      return sendPoster(req, res, body);
    case 'POST /__sim/reset':
      state.reset();
      return sendJson(res, 200, { ok: true });
    default:
      throw new ControlError(404, `no control endpoint ${method} ${path}`);
  }
}
