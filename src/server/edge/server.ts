import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { answerRest, handleRestRequest, isRestPath, isStreamedCall, splitTarget } from '@/server/edge/rest/rest';
import { ClientGone, drainNodeRequest, readNodeBodyLimited } from '@/server/edge/http/body-limit';
import { nodeHeaders } from '@/server/request-headers';
import { getConfig, type Config } from '@/server/config';
import { REQUEST_ID_HEADER, requestIdFrom, withRequestId } from '@/server/request-id';
import { isChatRequest, serveChat } from './chat/node';
import { isImagesRequest, serveImages } from './images/serve';
import { fetchRequestOf, sendFetchResponse } from './http/fetch-bridge';
import { serveMcpNode } from './mcp/doors';
import { isMcpPath } from './mcp/serve';
import { dropUntrustedForwarding } from '@/server/net/trusted-proxies';
import { CLIENT_ADDRESS_HEADER, clientAddressOf } from './http/client-address';
import { recordAnswer } from './http/answer-log';
import { API_CSP, baseSecurityHeaders } from './http/security-headers';
import { refuseMalformed } from './malformed';
import { observeHttp } from './metrics/http';
import { logger } from '@/server/logger';
import { currentRequestId } from '@/server/request-id';
import { traceRequest } from '@/server/tracing/tracing';

/**
 * Every way in, in front of Next.js: the one Node HTTP server `npm start` listens with. Each request
 * gets the base security headers, its request id and the client address the throttles read; then a
 * malformed request is refused, chat with a key goes to the chat door, MCP to its door, the REST
 * surface is served here, and everything else (pages, the console's tRPC, sign-in, the job feed) goes to Next.js.
 */
export function createFrontServer(
  config: Config,
  next: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
): Server {
  const security = Object.entries(baseSecurityHeaders(config));
  const answerLog = config.answerLog;
  const server = createServer((req, res) => {
    if (answerLog) recordAnswer(answerLog, req, res);
    // Every answer, from Next.js, the REST front or the guard, carries the base security headers;
    // API answers (not next-auth's pages) a policy that allows nothing. Pages get theirs in src/proxy.ts.
    observeHttp(req, res);
    for (const [name, value] of security) res.setHeader(name, value);
    const url = req.url ?? '/';
    if (url.startsWith('/api/') && !url.startsWith('/api/auth/')) res.setHeader('content-security-policy', API_CSP);
    // What only a proxy may say (forwarded host, scheme, address) is believed from configured proxies only.
    dropUntrustedForwarding(req.headers, req.socket.remoteAddress, config);
    // Who is calling, for the sign-in throttles and keys' IP allow-lists: set here on every request, so
    // no caller can choose it (whole; the throttles take their form of it).
    req.headers[CLIENT_ADDRESS_HEADER] = clientAddressOf(
      req.headers,
      req.socket.remoteAddress,
      config.clientIpHeader,
      true,
    );
    // The request's id (the caller's X-Request-Id when usable): on the answer, and current for
    // everything the request sets off (logs, jobs, their tasks and callbacks).
    const requestId = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
    req.headers[REQUEST_ID_HEADER] = requestId;
    res.setHeader(REQUEST_ID_HEADER, requestId);
    withRequestId(requestId, () =>
      traceRequest(req, res, () => {
        if (refuseMalformed(req, res)) return;
        if (isChatRequest(url, req.headers)) void serveChat(req, res);
        else if (isImagesRequest(url, req.headers))
          void serveFetch(req, res, (request) => serveImages(request, null)).catch((err: unknown) => {
            logger.error({ err }, 'images request failed');
            res.destroy();
          });
        else if (isMcpPath(url)) void serveMcpNode(req, res);
        else void (isDirectPath(url, req.headers) ? serveDirect(req, res) : next(req, res));
      }),
    );
  });
  // Idle keep-alive connections stay open longer than the idle timeout of the load balancers in front
  // (60 s on the common ones), so it is always the balancer or the client that closes one, never Studio
  // at the moment a request is being sent on it (which the client sees as a reset, not an answer).
  // Node's default of 5 s races every client that pauses between requests. A shutdown still closes
  // idle connections at once (graceful.ts).
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  return server;
}

/** How long an idle keep-alive connection is kept open. */
export const KEEP_ALIVE_MS = 65_000;

/**
 * Paths under /api that stay with Next.js: the console's tRPC, sign-in, the session-aware feed, and
 * chat on a console session (chat with a key is served by the chat door before this).
 */
const NEXT_ONLY = /^\/api\/(trpc|auth|jobs-stream|chat|models|responses|images)(\/|$|\?)/;
const UPLOAD = /^\/api\/(upload-ref|reverse|image-to-template)\/?(\?|$)/;

/**
 * Serves the REST surface straight from the Node HTTP server, in front of Next.js. The procedures
 * and the REST front are the same code the Next.js route handler runs; skipping the framework's
 * routing cuts the per-request CPU several-fold for API clients.
 */
export function isDirectPath(url: string, headers: IncomingMessage['headers'] = {}): boolean {
  if (!url.startsWith('/api/') || NEXT_ONLY.test(url)) return false;
  // A console upload or image reading carries a session cookie, not a key: Next.js resolves the session.
  if (UPLOAD.test(url) && !headers['x-api-key'] && !headers.authorization) return false;
  return isRestPath(url.split('?')[0] ?? url);
}

export async function serveDirect(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const config = getConfig();
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  try {
    const { path, query } = splitTarget(req.url ?? '/');
    if (isStreamedCall(method, path)) {
      await serveFetch(req, res, (request) => handleRestRequest(request, config.maxBodyBytes));
      return;
    }
    const answer = await answerRest(
      { method, path, query, headers: nodeHeaders(req.headers), readBody: (limit) => readNodeBodyLimited(req, limit) },
      config.maxBodyBytes,
    );
    // Refused before its body was read (unknown path, wrong method): take the rest (bounded) so the
    // client reads the answer.
    if (answer.status >= 400 && hasBody) await drainNodeRequest(req);
    const json = answer.text ?? JSON.stringify(answer.body);
    const headers: Record<string, string | number> = {
      'content-type': 'application/json',
      ...answer.headers,
      'content-length': Buffer.byteLength(json),
    };
    // Answered before the whole body arrived (a body past the drain bound): close the connection
    // rather than leave unread bytes in front of the client's next request on it.
    if (hasBody && !req.complete) headers.connection = 'close';
    res.writeHead(answer.status, headers);
    res.end(method === 'HEAD' ? undefined : json);
  } catch (err) {
    if (err instanceof ClientGone) {
      res.destroy();
      return;
    }
    logger.error({ err }, 'direct API request failed');
    if (!res.headersSent) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          ok: false,
          error: 'Internal error; it has been logged',
          code: 'INTERNAL',
          reason: 'internal',
          request_id: currentRequestId(),
        }),
      );
    } else {
      res.destroy();
    }
  }
}

/**
 * Uploads, image reading and OpenAI's Images API: their handlers stream a fetch `Request`'s body, so
 * one is built for them. The request's signal is aborted when the caller goes away.
 */
async function serveFetch(
  req: IncomingMessage,
  res: ServerResponse,
  handle: (request: Request) => Promise<Response>,
): Promise<void> {
  const gone = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) gone.abort();
  });
  sendFetchResponse(req, res, await handle(fetchRequestOf(req, gone.signal)));
}
