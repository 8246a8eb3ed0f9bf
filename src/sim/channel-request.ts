import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SimFileStore } from '@/sim/media/file-store';
import { isOutputFault, type FaultBook } from '@/sim/protocols/faults';
import { BodyTooLargeError, HttpError, readBody, sendJson } from '@/sim/protocols/http';
import type { Protocol, SimContext } from '@/sim/protocols/protocol';
import { simChannelKey, type SimChannel } from './channels';
import type { ChatSettings } from './control';
import type { RequestLog } from './request-log';

/**
 * One request on one channel, from the key to the protocol's handler: logged, authenticated as the
 * provider does, routed, read (within the body limit), then either hit by an armed fault or handled.
 */

export interface ChannelRequestDeps {
  protocolFor: (channel: SimChannel) => Protocol<SimChannel>;
  log: RequestLog;
  latency: ReadonlyMap<string, number>;
  chatSettings: ReadonlyMap<string, ChatSettings>;
  faultBook: FaultBook;
  files: SimFileStore;
  maxBody: number;
  /** A `timeout` fault drops the connection after this long. */
  timeoutCap: number;
  originOf: (req: IncomingMessage) => string;
}

export interface ChannelRequests {
  serve: (
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    channel: SimChannel,
    subpath: string,
    requestId: string,
  ) => Promise<void>;
  /** Reads and discards a request body that will not be used (so the connection stays usable). */
  drain: (req: IncomingMessage) => Promise<void>;
  /** Lets go of the requests a `timeout` fault holds (on close). */
  releaseHeld: () => void;
}

export function channelRequests(deps: ChannelRequestDeps): ChannelRequests {
  const { protocolFor, log, latency, chatSettings, faultBook, files, maxBody, timeoutCap, originOf } = deps;
  const hanging = new Set<() => void>();

  function holdUntilAbort(req: IncomingMessage, res: ServerResponse, signal: AbortSignal): void {
    const cleanup = (): void => {
      clearTimeout(timer);
      hanging.delete(cleanup);
      signal.removeEventListener('abort', cleanup);
    };
    // Past the cap the connection is dropped without a response, as a dead upstream would.
    const timer = setTimeout(() => {
      cleanup();
      res.destroy();
      req.destroy();
    }, timeoutCap);
    hanging.add(cleanup);
    signal.addEventListener('abort', cleanup, { once: true });
  }

  async function serve(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    channel: SimChannel,
    subpath: string,
    requestId: string,
  ): Promise<void> {
    const method = req.method ?? 'GET';
    const started = Date.now();
    const entry = log.record({
      channel: channel.name,
      method,
      path: `${subpath}${url.search}`,
      model: null,
      at: new Date(started).toISOString(),
      status: null,
      fault: null,
      duration_ms: null,
      aborted: false,
      traceparent: typeof req.headers.traceparent === 'string' ? req.headers.traceparent : null,
    });
    const aborter = new AbortController();
    let broken = false;
    res.on('close', () => {
      entry.duration_ms = Date.now() - started;
      if (res.writableFinished) {
        entry.status = res.statusCode;
      } else {
        entry.status = res.headersSent ? res.statusCode : 499;
        entry.aborted = !broken;
        aborter.abort();
      }
    });

    const protocol = protocolFor(channel);
    const send = (err: HttpError): void => sendJson(res, err.status, err.body, err.headers);

    const auth = req.headers.authorization ?? '';
    const bearer = protocol.keyOf
      ? protocol.keyOf(req, url.searchParams)
      : (/^Bearer\s+(.+)$/i.exec(auth.trim())?.[1]?.trim() ?? '');
    if (bearer !== simChannelKey(channel.name)) {
      await drain(req);
      return send(protocol.authError(bearer ? 'invalid' : 'missing', bearer || auth, requestId));
    }

    const route = protocol.route(method, subpath);
    if (!route) {
      await drain(req);
      return send(protocol.notFound(method, subpath, requestId));
    }

    let body: Buffer;
    try {
      body = await readBody(req, maxBody);
    } catch (err) {
      if (err instanceof BodyTooLargeError) {
        res.setHeader('connection', 'close');
        return send(protocol.bodyTooLarge(maxBody, requestId));
      }
      throw err;
    }
    const ctx: SimContext = {
      req,
      res,
      channel,
      method,
      path: subpath,
      query: url.searchParams,
      body,
      origin: originOf(req),
      requestId,
      signal: aborter.signal,
      latencyMs: latency.get(channel.name) ?? 0,
      fault: null,
      faultCode: null,
      chunkDelayMs: chatSettings.get(channel.name)?.chunkDelayMs ?? 0,
      breakConnection: () => {
        broken = true;
        res.destroy();
        req.destroy();
      },
      files,
      noteModel: (model) => {
        entry.model = model;
      },
    };
    if (entry.model === null) entry.model = peekJsonModel(req, body);

    const hit = faultBook.take(channel.name, route.generation);
    if (hit) {
      entry.fault = hit.fault;
      if (hit.fault === 'timeout') return holdUntilAbort(req, res, aborter.signal);
      if (isOutputFault(hit.fault)) {
        ctx.fault = hit.fault;
        ctx.faultCode = hit.code ?? null;
      } else return send(protocol.faultError(hit, channel, requestId));
    }

    try {
      await route.handle(ctx);
    } catch (err) {
      if (err instanceof HttpError) return send(err);
      console.error(`[studio-sim] ${channel.name} ${method} ${subpath} failed:`, err);
      return send(protocol.faultError({ fault: 'server_error', status: 500, retryAfterS: 0 }, channel, requestId));
    }
  }

  function peekJsonModel(req: IncomingMessage, body: Buffer): string | null {
    if (!(req.headers['content-type'] ?? '').includes('json') || body.length === 0 || body.length > 4 * 1024 * 1024)
      return null;
    try {
      const v: unknown = JSON.parse(body.toString('utf8'));
      if (typeof v === 'object' && v !== null && 'model' in v && typeof v.model === 'string') return v.model;
    } catch {
      // The protocol handler reports malformed bodies in its own shape.
    }
    return null;
  }

  async function drain(req: IncomingMessage): Promise<void> {
    try {
      await readBody(req, maxBody);
    } catch {
      req.resume();
    }
  }

  return {
    serve,
    drain,
    releaseHeld: () => {
      for (const cleanup of [...hanging]) cleanup();
    },
  };
}
