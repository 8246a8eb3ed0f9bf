import { presentedKey } from '@/server/api/context';
import { nodeHeaders } from '@/server/request-headers';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getConfig } from '@/server/config';
import { keyCacheFor } from '@/server/domain/auth/key-cache';
import { chatErrorAnswer } from '@/server/domain/chat/errors';
import type { ChatOutput } from '@/server/domain/chat/proxy';
import { getRuntime } from '@/server/runtime';
import { drainStream } from '@/server/edge/http/body-limit';
import { chatRoute, serveChatRequest } from './serve';
import { CLIENT_ADDRESS_HEADER } from '@/server/edge/http/client-address';

/** The key of a request, read by the one rule of every way in (`presentedKey`). */
const keyOf = (headers: IncomingMessage['headers']): string | null => presentedKey(nodeHeaders(headers));

/**
 * True when the fast path serves this request: a chat path with a key (a console session goes to
 * Next.js), or a path under the chat surface that serves nothing, whoever calls (its 404 needs no caller).
 */
export function isChatRequest(url: string, headers: IncomingMessage['headers']): boolean {
  const pathname = url.split('?', 1)[0] ?? url;
  if (
    !pathname.startsWith('/api/chat') &&
    !pathname.startsWith('/api/models') &&
    !pathname.startsWith('/api/responses') &&
    !pathname.startsWith('/api/v1')
  )
    return false;
  const route = chatRoute(pathname);
  return route !== undefined && (route.method === null || keyOf(headers) !== null);
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string>): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
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
 * chat core shared with the console's door (serve.ts). Resolutions are kept in memory and dropped on
 * every instance the moment a change is announced (src/server/domain/auth/key-cache.ts), so a rekey
 * or disable holds at once everywhere.
 */
export async function serveChat(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const config = getConfig();
  const abort = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) abort.abort();
  });
  const output = nodeOutput(res);
  try {
    const { db, files, database } = await getRuntime();
    await serveChatRequest(
      {
        method: req.method ?? 'GET',
        pathname: (req.url ?? '/').split('?', 1)[0] ?? '/',
        contentType: req.headers['content-type'] ?? null,
        address: nodeHeaders(req.headers).get(CLIENT_ADDRESS_HEADER) ?? 'unknown',
        readBody: (limit) => readBody(req, limit),
        drain: () => void drainStream(req),
        signal: abort.signal,
      },
      async () => {
        const resolved = await keyCacheFor(database).resolve({ configured: config.adminKey }, keyOf(req.headers) ?? '');
        return resolved.ok
          ? {
              identity: resolved.identity,
              authFailure: null,
              binding: resolved.binding ?? null,
              dedicated: resolved.dedicated ?? false,
            }
          : { identity: null, authFailure: resolved.reason };
      },
      { db, files, config },
      { ...output, started: () => res.headersSent, broken: () => res.destroy() },
    );
  } catch (err) {
    // The runtime could not be had (the database is down at start-up): the chat core never ran.
    const answer = chatErrorAnswer(err, 'openai');
    output.json(answer.status, answer.body, answer.headers);
  }
}
