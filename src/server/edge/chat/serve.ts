import { isJsonContentType } from '@/server/request-headers';
import { admitKey } from '@/server/domain/keys/policy';
import { AUTO_MODEL } from '@/contracts/chat';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { requireScoped, type AuthFailure } from '@/server/domain/auth/guard';
import type { Identity, ScopedIdentity } from '@/server/domain/auth/identity';
import { chatErrorAnswer, type ChatDialect } from '@/server/domain/chat/errors';
import { listChatModels } from '@/server/domain/chat/models';
import { proxyChat, type ChatCaller, type ChatDeps, type ChatOutput } from '@/server/domain/chat/proxy';
import { walletOf } from '@/server/domain/credits/ledger';
import { createResponse } from '@/server/domain/responses/respond';
import { readResponse } from '@/server/domain/responses/store';
import { AppError } from '@/server/errors';
import { tenantBinding } from '@/server/upstreams/registry';

/**
 * The chat surface, whichever door a request came through: the Node server in front of Next.js (key
 * callers, src/server/edge/chat/node.ts) or a Next.js route (the console's session and key callers
 * of `next dev`, src/server/edge/chat/web.ts). Both answer the same paths, methods, media types and
 * errors because both run `serveChatRequest`; a door only reads its request and writes its answer.
 */

/** OpenAI's paths under {base_url}, and Studio's `/api/chat`. */
const CHAT_ROUTES: Record<string, { dialect: ChatDialect; method: 'POST' | 'GET'; responses?: true }> = {
  '/api/chat/completions': { dialect: 'openai', method: 'POST' },
  '/api/responses': { dialect: 'openai', method: 'POST', responses: true },
  '/api/chat': { dialect: 'studio', method: 'POST' },
  '/api/models': { dialect: 'openai', method: 'GET' },
};

/** `/api/models/<id>`: OpenAI's model retrieve. */
const MODEL_PATH = /^\/api\/models\/([^/?]+)$/;

/** `/api/responses/<id>`: OpenAI's retrieve of a stored response. */
const RESPONSE_PATH = /^\/api\/responses\/(resp_[A-Za-z0-9_-]{1,200})$/;

/**
 * Every other path under these is OpenAI's surface too, and answers OpenAI's 404: under
 * `/api/chat/`, `/api/models/` and `/api/responses/` (e.g. `/api/chat/foo`), and `/api/v1/...`, where a client configured
 * with `/api/v1` as its base URL sends its calls (Studio's base URL is `/api`).
 */
const OPENAI_PREFIX = /^\/api\/(chat|models|responses|v1)(\/|$)/;

export interface ChatRoute {
  dialect: ChatDialect;
  /** The method the path serves; null for a path under the chat surface that serves nothing (404). */
  method: 'POST' | 'GET' | null;
  modelId?: string;
  /** OpenAI's Responses API: `POST /api/responses`, or the stored response `responseId` names. */
  responses?: true;
  responseId?: string;
}

export function chatRoute(pathname: string): ChatRoute | undefined {
  const path = pathname.length > 5 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const route = CHAT_ROUTES[path];
  if (route) return route;
  const unknown = OPENAI_PREFIX.test(path) ? { dialect: 'openai' as const, method: null } : undefined;
  const stored = RESPONSE_PATH.exec(path);
  if (stored?.[1]) return { dialect: 'openai', method: 'GET', responses: true, responseId: stored[1] };
  const m = MODEL_PATH.exec(path);
  if (!m?.[1]) return unknown;
  let modelId: string;
  try {
    modelId = decodeURIComponent(m[1]);
  } catch {
    return unknown;
  }
  return { dialect: 'openai', method: 'GET', modelId };
}

/** Who is calling, as a door resolved it: the identity or why there is none, and what the key look-up already read. */
export interface ChatResolution {
  identity: Identity | null;
  authFailure: AuthFailure | null;
  /** The tenant's operator binding, when the look-up read it. */
  binding?: string | null;
  /** Whether a member spends dedicated credits, when the look-up read it. */
  dedicated?: boolean;
}

/** One chat caller for both doors: its wallet, its routing binding and the key its rate limit counts under. */
export async function chatCaller(db: Db, who: ScopedIdentity, resolved: ChatResolution): Promise<ChatCaller> {
  const wallet =
    resolved.dedicated !== undefined
      ? {
          tenantId: who.tenantId,
          accountId: who.kind === 'member' && resolved.dedicated ? who.accountId : null,
          actorAccountId: who.kind === 'member' ? who.accountId : null,
        }
      : await walletOf(db, who);
  const binding = resolved.binding !== undefined ? resolved.binding : await tenantBinding(db, who.tenantId);
  const rateKey =
    who.kind === 'member'
      ? `member:${who.accountId}`
      : who.via === 'session'
        ? `login:${who.userId ?? who.tenantId}`
        : `tenant:${who.tenantId}`;
  return { who, wallet, binding, rateKey };
}

/** What the core reads of a request, whichever door it came through. */
export interface ChatRequest {
  method: string;
  pathname: string;
  contentType: string | null;
  /** The client address the front server set (a named key's IP allow-list is judged on it). */
  address: string;
  /** The body's bytes, or null when over `limit` (the rest then drained). */
  readBody(limit: number): Promise<Buffer | null>;
  /** Takes the rest of a body that will not be read (bounded), so the client reads the answer. */
  drain(): void;
  /** Aborted when the caller goes away. */
  signal: AbortSignal;
}

/** Where the answer goes: the domain's sink, and how to break a stream that already started. */
export interface ChatAnswer extends ChatOutput {
  /** Whether the event stream has been opened (its head is on its way: an error can no longer be a JSON answer). */
  started(): boolean;
  /** The stream had started when something failed: end the connection so the client sees the break. */
  broken(): void;
}

/** Serves one chat request: route, method, caller, model list or completion; every refusal in the route's dialect. */
export async function serveChatRequest(
  req: ChatRequest,
  resolve: () => Promise<ChatResolution>,
  deps: ChatDeps & { config: Pick<Config, 'secret' | 'prices' | 'chat'> },
  out: ChatAnswer,
): Promise<void> {
  const route = chatRoute(req.pathname);
  const dialect = route?.dialect ?? 'openai';
  const fail = (err: unknown, extra: Record<string, string> = {}) => {
    if (out.started()) {
      chatErrorAnswer(err, dialect);
      out.broken();
      return;
    }
    const answer = chatErrorAnswer(err, dialect);
    out.json(answer.status, answer.body, { ...answer.headers, ...extra });
  };
  const { method } = req;
  const hasBody = method !== 'GET' && method !== 'HEAD';
  if (!route?.method) {
    if (hasBody) req.drain();
    // OpenAI's own text for a path it does not serve; the docs list what Studio serves.
    return fail(
      new AppError(
        'NOT_FOUND',
        `Invalid URL (${method} ${req.pathname}): Studio serves POST /api/chat/completions, POST /api/responses, ` +
          `GET /api/responses/<id>, GET /api/models and GET /api/models/<id> of OpenAI's API`,
      ),
    );
  }
  if (method !== route.method && !(route.method === 'GET' && method === 'HEAD')) {
    if (hasBody) req.drain();
    return fail(new AppError('METHOD_NOT_ALLOWED', `Use ${route.method} on ${req.pathname}`), { allow: route.method });
  }
  try {
    const resolved = await resolve();
    let who: ScopedIdentity;
    try {
      who = requireScoped(resolved);
      // A named key's policy: a completion is chat work; reading models or a stored response is none.
      await admitKey(deps.db, who, { kind: route.method === 'POST' ? 'chat' : null, address: req.address });
    } catch (err) {
      if (hasBody) req.drain();
      throw err;
    }
    const caller = await chatCaller(deps.db, who, resolved);
    if (route.responseId !== undefined) {
      const stored = await readResponse(deps.db, who, route.responseId);
      return out.json(200, stored, { 'cache-control': 'no-store' });
    }
    if (route.method === 'GET') {
      const list = await listChatModels(deps.db, caller.binding);
      if (route.modelId === undefined) return out.json(200, list, { 'cache-control': 'no-store' });
      const model = list.data.find((m) => m.id === route.modelId || (route.modelId === 'auto' && m.id === AUTO_MODEL));
      if (!model)
        throw new AppError(
          'NOT_FOUND',
          `The model '${route.modelId}' does not exist; GET /api/models lists the models you can use`,
        );
      return out.json(200, model, { 'cache-control': 'no-store' });
    }
    if (req.contentType !== null && !isJsonContentType(req.contentType)) {
      req.drain();
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as JSON with Content-Type: application/json');
    }
    const limit = deps.config.chat.maxBodyBytes;
    const raw = await req.readBody(limit);
    if (raw === null)
      return fail(new AppError('PAYLOAD_TOO_LARGE', `The body is larger than ${limit} bytes`), { connection: 'close' });
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new AppError(
        'BAD_REQUEST',
        `The body could not be parsed as JSON: send a ${route.responses ? 'Responses' : 'Chat Completions'} request as a JSON object`,
      );
    }
    if (route.responses) await createResponse(deps, caller, body, out, req.signal);
    else await proxyChat(deps, caller, body, out, req.signal);
  } catch (err) {
    fail(err);
  }
}
