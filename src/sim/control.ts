import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { SimChannel } from './channels';
import { faultInputSchema, type FaultBook } from './faults';
import { CONTENT_TYPES, type FileStore } from './files';
import { readBody, sendBytes, sendJson } from './http';
import type { SimRequestRecord } from './server';
import type { VideoTasks } from './video-tasks';

/** The simulator's control API under `/__sim/`: faults, latency, the request log, stored files, reset. */

/** What the control API reads and changes of a running simulator. */
export interface ControlState {
  channels: readonly SimChannel[];
  byName: ReadonlyMap<string, SimChannel>;
  names: readonly string[];
  latency: Map<string, number>;
  faultBook: FaultBook;
  files: FileStore;
  tasks: VideoTasks;
  listLog(channel?: string): SimRequestRecord[];
  clearLog(channel?: string): void;
  reset(): void;
}

export const latencySchema = z.number().int().min(0).max(600_000);
const configSchema = z.strictObject({ channel: z.string().min(1), latency_ms: latencySchema });

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
  if (!byName.has(name)) throw new ControlError(400, `unknown channel '${name}'; expected one of ${names.join(', ')}${allowStar ? " or '*'" : ''}`);
}

export async function handleControl(state: ControlState, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const { channels, byName, names, latency, faultBook, files, tasks } = state;
  const method = req.method ?? 'GET';
  const path = url.pathname;
  const body = method === 'POST' || method === 'PUT' || method === 'PATCH' ? await readBody(req, 1024 * 1024) : Buffer.alloc(0);
  const channelParam = url.searchParams.get('channel');

  if (path.startsWith('/__sim/files/') && (method === 'GET' || method === 'HEAD')) {
    const name = path.slice('/__sim/files/'.length);
    const m = /^([A-Za-z0-9_-]{1,80})\.(png|jpeg|webp|mp4)$/.exec(name);
    const ext = m?.[2];
    const id = m?.[1];
    if (ext && id) {
      if (ext === 'mp4') {
        const bytes = tasks.file(id, Date.now());
        if (bytes) return sendBytes(req, res, bytes, 'video/mp4', { 'cache-control': 'public, max-age=86400' });
      } else {
        const file = files.get(name);
        if (file) return sendBytes(req, res, file.bytes, file.contentType || (CONTENT_TYPES[ext] ?? 'application/octet-stream'), { 'cache-control': 'public, max-age=86400' });
      }
    }
    throw new ControlError(404, `file '${name}' not found (it may have expired)`);
  }

  const route = `${method} ${path.replace(/\/+$/, '')}`;
  switch (route) {
    case 'GET /__sim/health':
      return sendJson(res, 200, { ok: true, simulator: true, channels: names });
    case 'GET /__sim/channels':
      return sendJson(res, 200, channels.map((c) => ({ ...c, latencyMs: latency.get(c.name) ?? c.latencyMs })));
    case 'GET /__sim/faults':
      return sendJson(res, 200, faultBook.list().filter((f) => !channelParam || f.channel === channelParam));
    case 'POST /__sim/faults': {
      const parsed = faultInputSchema.safeParse(parseControlBody(body));
      if (!parsed.success) throw new ControlError(400, zodMessage(parsed.error));
      const input = parsed.data;
      knownChannel(state, input.channel, true);
      const videoOnly = input.fault === 'task_failed';
      if (videoOnly && input.channel !== '*' && byName.get(input.channel)?.adapter !== 'ark-video') {
        throw new ControlError(400, "fault 'task_failed' only applies to video channels");
      }
      const targets = channels.filter((c) => !videoOnly || c.adapter === 'ark-video').map((c) => c.name);
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
      return sendJson(res, 200, { channels: Object.fromEntries(names.map((n) => [n, { latency_ms: latency.get(n) ?? 0 }])) });
    case 'POST /__sim/config': {
      const parsed = configSchema.safeParse(parseControlBody(body));
      if (!parsed.success) throw new ControlError(400, zodMessage(parsed.error));
      knownChannel(state, parsed.data.channel, true);
      const targets = parsed.data.channel === '*' ? names : [parsed.data.channel];
      for (const n of targets) latency.set(n, parsed.data.latency_ms);
      return sendJson(res, 200, { ok: true, channels: Object.fromEntries(targets.map((n) => [n, { latency_ms: parsed.data.latency_ms }])) });
    }
    case 'POST /__sim/reset':
      state.reset();
      return sendJson(res, 200, { ok: true });
    default:
      throw new ControlError(404, `no control endpoint ${method} ${path}`);
  }
}

