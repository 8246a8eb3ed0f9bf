import type { IncomingMessage, ServerResponse } from 'node:http';
import { AUTO_MODEL } from '@/contracts/chat';
import { authFailureAnswer } from '@/server/api/trpc';
import { getConfig } from '@/server/config';
import { keyCacheFor } from '@/server/domain/auth/key-cache';
import { chatErrorAnswer, type ChatDialect } from '@/server/domain/chat/errors';
import { listChatModels } from '@/server/domain/chat/models';
import { proxyChat, type ChatCaller, type ChatOutput } from '@/server/domain/chat/proxy';
import { AppError } from '@/server/domain/errors';
import { getRuntime } from '@/server/runtime';
import { drainStream } from './body-limit';

/** The chat surface: OpenAI's paths under {base_url}, and Studio's `/api/chat`. */
const CHAT_ROUTES: Record<string, { dialect: ChatDialect; method: 'POST' | 'GET' }> = {
  '/api/chat/completions': { dialect: 'openai', method: 'POST' },
  '/api/chat': { dialect: 'studio', method: 'POST' },
  '/api/models': { dialect: 'openai', method: 'GET' },
};

/** `/api/models/<id>`: OpenAI's model retrieve. */
const MODEL_PATH = /^\/api\/models\/([^/?]+)$/;

export function chatRoute(pathname: string): { dialect: ChatDialect; method: 'POST' | 'GET'; modelId?: string } | undefined {
  const path = pathname.length > 5 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const route = CHAT_ROUTES[path];
  if (route) return route;
  const m = MODEL_PATH.exec(path);
  if (!m?.[1]) return undefined;
  let modelId: string;
  try {
    modelId = decodeURIComponent(m[1]);
  } catch {
    return undefined;
  }
  return { dialect: 'openai', method: 'GET', modelId };
}

function keyOf(headers: IncomingMessage['headers']): string | null {
  const direct = headers['x-api-key'];
  if (typeof direct === 'string' && direct.trim()) return direct.trim();
  const auth = headers.authorization?.trim();
  const match = auth ? /^Bearer\s+(\S+)$/i.exec(auth) : null;
  return match?.[1] ?? null;
}

/** True when the fast path serves this request: a chat path with a key (a console session goes to Next.js). */
export function isChatRequest(url: string, headers: IncomingMessage['headers']): boolean {
  const pathname = url.split('?', 1)[0] ?? url;
  if (!pathname.startsWith('/api/chat') && !pathname.startsWith('/api/models')) return false;
  return chatRoute(pathname) !== undefined && keyOf(headers) !== null;
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string>): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

function sendError(res: ServerResponse, err: unknown, dialect: ChatDialect, extra: Record<string, string> = {}): void {
  const answer = chatErrorAnswer(err, dialect);
  sendJson(res, answer.status, answer.body, { ...answer.headers, ...extra });
}

/** Reads the body up to `limit` bytes; null when it is larger (the rest is drained). */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.off('data', onData);
        req.off('end', onEnd);
        void drainStream(req, size).then(() => resolve(null));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', reject);
    // A caller that goes away mid-body never sends 'end'.
    req.on('close', () => {
      if (!req.complete) reject(new Error('the caller went away before the body ended'));
    });
  });
}

/** The answer sink over a Node response, with back-pressure. */
function nodeOutput(res: ServerResponse): ChatOutput {
  let first = true;
  return {
    json: (status, body, headers) => sendJson(res, status, body, headers),
    open(headers) {
      if (res.headersSent || res.destroyed) return;
      // Sent with the first write: the head and the first chunk leave in one packet.
      res.writeHead(200, headers);
    },
    write(text) {
      if (res.destroyed || res.writableEnded) return;
      const room = res.write(text);
      if (first) {
        first = false;
        // Node holds a response's writes (its socket corked) until the current tick's work is done,
        // and the chunks that came in the same upstream packet are all forwarded in that work: the
        // first would wait for the others (0.2 ms for the simulator's first 16). The head and the first
        // chunk leave now; later chunks of one packet still leave together.
        res.socket?.uncork();
      }
      if (room) return;
      return new Promise<void>((resolve) => {
        const done = () => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.on('drain', done);
        res.on('close', done);
      });
    },
    end() {
      if (!res.writableEnded) res.end();
    },
  };
}

/**
 * Serves the chat surface straight on the Node server (no web Request/Response objects, no
 * framework routing): one key resolution that also gives the binding and the wallet mode, then the
 * domain. Resolutions are kept in memory and dropped on every instance the moment a change is
 * announced (src/server/domain/auth/key-cache.ts), so a rekey or disable holds at once everywhere.
 */
export async function serveChat(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const pathname = (req.url ?? '/').split('?', 1)[0] ?? '/';
  const route = chatRoute(pathname);
  if (!route) return sendError(res, new AppError('NOT_FOUND', 'No such endpoint'), 'openai');
  const { dialect } = route;
  const method = req.method ?? 'GET';
  if (method !== route.method && !(route.method === 'GET' && method === 'HEAD')) {
    if (method !== 'GET' && method !== 'HEAD') void drainStream(req);
    return sendError(res, new AppError('METHOD_NOT_ALLOWED', `Use ${route.method} on ${pathname}`), dialect, { allow: route.method });
  }
  const config = getConfig();
  try {
    const { db, files, database } = await getRuntime();
    const key = keyOf(req.headers) ?? '';
    const resolved = await keyCacheFor(database).resolve({ configured: config.adminKey }, key);
    if (!resolved.ok) {
      if (method === 'POST') void drainStream(req);
      const { code, message } = authFailureAnswer(resolved.reason);
      return sendError(res, new AppError(code, message), dialect);
    }
    const who = resolved.identity;
    if (who.kind === 'admin') {
      if (method === 'POST') void drainStream(req);
      return sendError(res, new AppError('FORBIDDEN', 'The super-administrator key belongs to no tenant; use a tenant or member key for chat'), dialect);
    }
    const binding = resolved.binding ?? null;

    if (route.method === 'GET') {
      const list = await listChatModels(db, binding);
      if (route.modelId === undefined) return sendJson(res, 200, list, { 'cache-control': 'no-store' });
      const model = list.data.find((m) => m.id === route.modelId || (route.modelId === 'auto' && m.id === AUTO_MODEL));
      if (!model) return sendError(res, new AppError('NOT_FOUND', `The model '${route.modelId}' does not exist; GET /api/models lists the models you can use`), dialect);
      return sendJson(res, 200, model, { 'cache-control': 'no-store' });
    }

    const type = req.headers['content-type'];
    if (type !== undefined && !/^application\/json\s*(;|$)/i.test(type)) {
      void drainStream(req);
      return sendError(res, new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as JSON with Content-Type: application/json'), dialect);
    }
    const raw = await readBody(req, config.chat.maxBodyBytes);
    if (raw === null) {
      return sendError(res, new AppError('PAYLOAD_TOO_LARGE', `The body is larger than ${config.chat.maxBodyBytes} bytes`), dialect, { connection: 'close' });
    }
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      return sendError(res, new AppError('BAD_REQUEST', 'The body could not be parsed as JSON: send a Chat Completions request as a JSON object'), dialect);
    }
    const caller: ChatCaller = {
      who,
      wallet: {
        tenantId: who.tenantId,
        accountId: who.kind === 'member' && resolved.dedicated ? who.accountId : null,
        actorAccountId: who.kind === 'member' ? who.accountId : null,
      },
      binding,
      rateKey: who.kind === 'member' ? `member:${who.accountId}` : `tenant:${who.tenantId}`,
    };
    const abort = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) abort.abort();
    });
    await proxyChat({ db, files, config }, caller, body, nodeOutput(res), abort.signal);
  } catch (err) {
    if (res.destroyed) return;
    if (!res.headersSent) sendError(res, err, dialect);
    else {
      chatErrorAnswer(err, dialect);
      res.destroy();
    }
  }
}
