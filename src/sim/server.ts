import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { anthropicProtocol } from '@/sim/protocols/anthropic';
import { arkImagesProtocol } from '@/sim/protocols/ark-images';
import { geminiProtocol } from '@/sim/protocols/gemini';
import { chatProtocol } from '@/sim/protocols/chat';
import { dashscopeProtocol } from '@/sim/protocols/dashscope';
import { klingProtocol } from '@/sim/protocols/kling';
import { minimaxVideoProtocol } from '@/sim/protocols/minimax-video';
import { geminiVeoProtocol } from '@/sim/protocols/gemini-veo';
import { dashscopeVideoProtocol } from '@/sim/protocols/dashscope-video';
import { falQueueProtocol } from '@/sim/protocols/fal-queue';
import { channelRequests } from './channel-request';
import { SIM_CHANNELS, SIM_DEFAULT_HOST, SIM_DEFAULT_PORT, type SimAdapter, type SimChannel } from './channels';
import { FaultBook, type ActiveFault } from '@/sim/protocols/faults';
import { SimFileStore } from '@/sim/media/file-store';
import { BodyTooLargeError, safeDecode, sendJson } from '@/sim/protocols/http';
import { imagesProtocol } from '@/sim/protocols/images';
import { replicateProtocol } from '@/sim/protocols/replicate';
import type { Protocol } from '@/sim/protocols/protocol';
import { VideoTasks, arkProtocol } from '@/sim/protocols/video';
import { DEFAULT_QUEUED_PERCENT, type VideoSettings } from '@/sim/protocols/video-tasks';
import {
  chunkDelaySchema,
  ControlError,
  handleControl,
  knownChannel,
  latencySchema,
  queuedPercentSchema,
  type ChatSettings,
  type ControlState,
} from './control';
import { RequestLog, type SimRequestRecord } from './request-log';

export type { SimRequestRecord } from './request-log';

/**
 * The Studio upstream simulator: one `node:http` server, channels under path prefixes,
 * a JSON control API under `/__sim/`. See channels.ts and docs/simulator.md.
 */

export interface SimServerOptions {
  /** One latency for every channel, or per channel name; unspecified channels keep the catalogue value. */
  latencyMs?: number | Record<string, number>;
  /** Origin used in generated links (image URLs, video URLs); defaults to the request's Host. */
  publicUrl?: string;
  /** Largest accepted request body. Default 64 MiB (edits carry several images). */
  maxBodyBytes?: number;
  /** Size of the request log ring buffer. Default 5,000. */
  maxRequestLog?: number;
  /** Image files kept for `response_format: 'url'`. Default 500. */
  maxFiles?: number;
  /** A `timeout` fault gives up on the request after this long. Default 10 minutes. */
  timeoutCapMs?: number;
  /** Pause between streamed chat chunks, for all chat channels or per channel name (`chunk_delay_ms`). Default 0. */
  chunkDelayMs?: number | Record<string, number>;
  /** Replaces the catalogue, e.g. to test a smaller set. Default {@link SIM_CHANNELS}. */
  channels?: readonly SimChannel[];
}

export interface SimServer {
  server: Server;
  /** Listens and resolves to the base URL, e.g. `http://127.0.0.1:4010`. Port 0 picks a free port. */
  listen(port?: number, host?: string): Promise<string>;
  /** Stops listening, drops open connections (including requests held by a `timeout` fault). */
  close(): Promise<void>;
  /** Base URL once listening; throws before. */
  readonly url: string;
  readonly channels: readonly SimChannel[];
  setLatency(channel: string, latencyMs: number): void;
  /** Changes a video channel's task behaviour (`'*'`: every video channel); see {@link VideoSettings}. */
  setVideoSettings(channel: string, settings: Partial<VideoSettings>): void;
  /** Changes a chat channel's settings (`'*'`: every chat channel); see {@link ChatSettings}. */
  setChatSettings(channel: string, settings: Partial<ChatSettings>): void;
  faults(): ActiveFault[];
  requests(channel?: string): SimRequestRecord[];
  /** Clears faults, the request log, stored files and video tasks, and restores start-up latencies and video settings. */
  reset(): void;
}

export function createSimServer(opts: SimServerOptions = {}): SimServer {
  const channels = opts.channels ?? SIM_CHANNELS;
  const byName = new Map(channels.map((c) => [c.name, c]));
  const names = channels.map((c) => c.name);
  const maxBody = opts.maxBodyBytes ?? 64 * 1024 * 1024;
  const timeoutCap = opts.timeoutCapMs ?? 10 * 60 * 1000;

  const initialLatency = new Map<string, number>();
  for (const c of channels) {
    const o = opts.latencyMs;
    const v = typeof o === 'number' ? o : (o?.[c.name] ?? c.latencyMs);
    initialLatency.set(c.name, latencySchema.parse(v));
  }
  const latency = new Map(initialLatency);
  const initialVideo = new Map<string, VideoSettings>();
  for (const c of channels) {
    if (c.adapter === 'ark-video')
      initialVideo.set(c.name, { cancelRunning: c.cancelRunning, queuedPercent: DEFAULT_QUEUED_PERCENT });
  }
  const videoSettings = new Map([...initialVideo].map(([k, v]) => [k, { ...v }]));
  const initialChat = new Map<string, ChatSettings>();
  for (const c of channels) {
    const o = opts.chunkDelayMs;
    if (c.adapter === 'openai-chat' || c.adapter === 'anthropic' || c.adapter === 'gemini')
      initialChat.set(c.name, { chunkDelayMs: chunkDelaySchema.parse(typeof o === 'number' ? o : (o?.[c.name] ?? 0)) });
  }
  const chatSettings = new Map([...initialChat].map(([k, v]) => [k, { ...v }]));
  const faultBook = new FaultBook();
  const files = new SimFileStore(opts.maxFiles ?? 500);
  const tasks = new VideoTasks();
  const ark = arkProtocol(
    tasks,
    (name) => videoSettings.get(name) ?? { cancelRunning: false, queuedPercent: DEFAULT_QUEUED_PERCENT },
  );
  const replicate = replicateProtocol();
  const fal = falQueueProtocol();
  // One line per protocol; each only ever receives contexts for its own adapter.
  const PROTOCOLS: Record<SimAdapter, Protocol<SimChannel>> = {
    'openai-images': imagesProtocol,
    'openai-chat': chatProtocol,
    anthropic: anthropicProtocol,
    gemini: geminiProtocol,
    'ark-video': ark,
    'ark-images': arkImagesProtocol,
    dashscope: dashscopeProtocol(),
    replicate,
    'fal-queue': fal,
    kling: klingProtocol(),
    'minimax-video': minimaxVideoProtocol(),
    'gemini-veo': geminiVeoProtocol(),
    'dashscope-video': dashscopeVideoProtocol(),
  };
  const log = new RequestLog(opts.maxRequestLog ?? 5_000);

  let baseUrl: string | null = null;

  function originOf(req: IncomingMessage): string {
    if (opts.publicUrl) return opts.publicUrl.replace(/\/+$/, '');
    const host = req.headers.host;
    return host ? `http://${host}` : (baseUrl ?? `http://${SIM_DEFAULT_HOST}:${SIM_DEFAULT_PORT}`);
  }

  const { serve, drain, releaseHeld } = channelRequests({
    protocolFor: (c) => PROTOCOLS[c.adapter],
    log,
    latency,
    chatSettings,
    faultBook,
    files,
    maxBody,
    timeoutCap,
    originOf,
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const requestId = randomBytes(12).toString('hex');
    res.setHeader('x-studio-simulator', '1');
    res.setHeader('x-request-id', requestId);
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://sim.local');
    } catch {
      return sendJson(res, 400, { error: 'malformed request URL' });
    }
    const path = url.pathname;
    try {
      if (path === '/__sim' || path.startsWith('/__sim/')) return await handleControl(controlState, req, res, url);
      if (path === '/' && req.method === 'GET') {
        return sendJson(res, 200, {
          simulator: true,
          name: 'Studio upstream simulator',
          channels: names,
          control: '/__sim/health',
        });
      }
      const slash = path.indexOf('/', 1);
      const channelName = safeDecode(slash === -1 ? path.slice(1) : path.slice(1, slash));
      const channel = byName.get(channelName);
      if (!channel) {
        await drain(req);
        return sendJson(res, 404, {
          error: {
            message: `Unknown simulator channel '${channelName}'. Known channels: ${names.join(', ')}.`,
            type: 'invalid_request_error',
            param: null,
            code: 'unknown_channel',
          },
        });
      }
      await serve(req, res, url, channel, slash === -1 ? '/' : path.slice(slash), requestId);
    } catch (err) {
      if (err instanceof ControlError) return sendJson(res, err.status, { error: err.message });
      if (err instanceof BodyTooLargeError) return sendJson(res, 413, { error: 'request body too large' });
      console.error('[studio-sim] unexpected error:', err);
      if (!res.headersSent) sendJson(res, 500, { error: 'internal simulator error' });
      else res.destroy();
    }
  }

  const server = createServer({ requestTimeout: 0, keepAliveTimeout: 65_000 }, (req, res) => {
    void handle(req, res);
  });

  function reset(): void {
    for (const [n, v] of initialLatency) latency.set(n, v);
    for (const [n, v] of initialVideo) videoSettings.set(n, { ...v });
    for (const [n, v] of initialChat) chatSettings.set(n, { ...v });
    faultBook.clear();
    log.clear();
    files.clear();
    tasks.clear();
    replicate.clear();
    fal.clear();
  }

  const controlState: ControlState = {
    channels,
    byName,
    names,
    latency,
    videoSettings,
    chatSettings,
    faultBook,
    files,
    tasks,
    listLog: (channel) => log.list(channel),
    clearLog: (channel) => log.clear(channel),
    reset,
  };

  return {
    server,
    channels,
    listen(port = SIM_DEFAULT_PORT, host = SIM_DEFAULT_HOST): Promise<string> {
      return new Promise((resolve, reject) => {
        const onError = (err: Error): void => reject(err);
        server.once('error', onError);
        // A deep backlog absorbs thousands of simultaneous connects from benchmarks.
        server.listen({ port, host, backlog: 4096 }, () => {
          server.off('error', onError);
          const addr = server.address() as AddressInfo;
          const shownHost = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
          baseUrl = `http://${shownHost}:${addr.port}`;
          resolve(baseUrl);
        });
      });
    },
    close(): Promise<void> {
      releaseHeld();
      tasks.clear();
      return new Promise((resolve) => {
        if (!server.listening) {
          resolve();
          return;
        }
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
    get url(): string {
      if (!baseUrl) throw new Error('the simulator is not listening yet');
      return baseUrl;
    },
    setLatency(channel, ms) {
      knownChannel(controlState, channel, true);
      const v = latencySchema.parse(ms);
      for (const n of channel === '*' ? names : [channel]) latency.set(n, v);
    },
    setVideoSettings(channel, settings) {
      knownChannel(controlState, channel, true);
      if (settings.queuedPercent !== undefined) queuedPercentSchema.parse(settings.queuedPercent);
      const targets = channel === '*' ? [...videoSettings.keys()] : [channel];
      for (const n of targets) {
        const current = videoSettings.get(n);
        if (!current) throw new ControlError(400, `channel '${n}' is not a video channel`);
        videoSettings.set(n, {
          cancelRunning: settings.cancelRunning ?? current.cancelRunning,
          queuedPercent: settings.queuedPercent ?? current.queuedPercent,
        });
      }
    },
    setChatSettings(channel, settings) {
      knownChannel(controlState, channel, true);
      if (settings.chunkDelayMs !== undefined) chunkDelaySchema.parse(settings.chunkDelayMs);
      const targets = channel === '*' ? [...chatSettings.keys()] : [channel];
      for (const n of targets) {
        const current = chatSettings.get(n);
        if (!current) throw new ControlError(400, `channel '${n}' is not a chat channel`);
        chatSettings.set(n, { chunkDelayMs: settings.chunkDelayMs ?? current.chunkDelayMs });
      }
    },
    faults: () => faultBook.list(),
    requests: (channel) => log.list(channel),
    reset,
  };
}
