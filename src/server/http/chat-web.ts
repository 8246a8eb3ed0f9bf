import { createContext } from '@/server/api/context';
import { authFailureAnswer } from '@/server/api/trpc';
import type { SessionIdentity } from '@/server/api/context';
import { walletOf } from '@/server/domain/credits/ledger';
import { chatErrorAnswer, type ChatDialect } from '@/server/domain/chat/errors';
import { listChatModels } from '@/server/domain/chat/models';
import { proxyChat, type ChatCaller, type ChatOutput } from '@/server/domain/chat/proxy';
import { AppError } from '@/server/domain/errors';
import { tenantBinding } from '@/server/upstreams/registry';
import { readBodyLimited } from './body-limit';
import { crossSiteRefusal } from './cross-site';

/**
 * The chat surface inside Next.js: the console's Chat page (signed in with a session cookie) and key
 * callers that reach Next.js directly (`next dev`). Production key traffic takes the Node fast path
 * (src/server/http/chat.ts); both run the same domain code.
 */

function errorOf(err: unknown, dialect: ChatDialect): Response {
  const a = chatErrorAnswer(err, dialect);
  return new Response(JSON.stringify(a.body), { status: a.status, headers: a.headers });
}

async function callerOf(req: Request, session: SessionIdentity | null, dialect: ChatDialect) {
  const ctx = await createContext(req.headers, session);
  const who = ctx.identity;
  if (!who) {
    const { code, message } = authFailureAnswer(ctx.authFailure);
    return { ctx, failure: errorOf(new AppError(code, message), dialect) };
  }
  if (who.kind === 'admin') {
    return { ctx, failure: errorOf(new AppError('FORBIDDEN', 'The super-administrator key belongs to no tenant; use a tenant or member key for chat'), dialect) };
  }
  return { ctx, who, failure: null };
}

export async function chatModelsWeb(req: Request, session: SessionIdentity | null, modelId?: string): Promise<Response> {
  const found = await callerOf(req, session, 'openai');
  if (!found.who) return found.failure;
  const { ctx, who } = found;
  const list = await listChatModels(ctx.db, await tenantBinding(ctx.db, who.tenantId));
  if (modelId === undefined) return Response.json(list, { headers: { 'cache-control': 'no-store' } });
  const model = list.data.find((m) => m.id === modelId);
  return model ? Response.json(model) : errorOf(new AppError('NOT_FOUND', `The model '${modelId}' does not exist; GET /api/models lists the models you can use`), 'openai');
}

export async function chatCompletionsWeb(req: Request, session: SessionIdentity | null, dialect: ChatDialect): Promise<Response> {
  const refused = crossSiteRefusal(req, { json: true });
  if (refused) return refused;
  const found = await callerOf(req, session, dialect);
  if (!found.who) return found.failure;
  const { ctx, who } = found;
  const raw = await readBodyLimited(req, ctx.config.chat.maxBodyBytes);
  if (raw === null) return errorOf(new AppError('PAYLOAD_TOO_LARGE', `The body is larger than ${ctx.config.chat.maxBodyBytes} bytes`), dialect);
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    return errorOf(new AppError('BAD_REQUEST', 'The body could not be parsed as JSON: send a Chat Completions request as a JSON object'), dialect);
  }
  const caller: ChatCaller = {
    who,
    wallet: await walletOf(ctx.db, who),
    binding: await tenantBinding(ctx.db, who.tenantId),
    rateKey: who.kind === 'member' ? `member:${who.accountId}` : who.via === 'session' ? `login:${who.userId ?? who.tenantId}` : `tenant:${who.tenantId}`,
  };

  // The answer is either one JSON body or an event stream; which one is known only when the domain says.
  const encoder = new TextEncoder();
  let settle: (r: Response) => void = () => {};
  const answer = new Promise<Response>((resolve) => (settle = resolve));
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  let closed = false;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      closed = true;
    },
  });
  const output: ChatOutput = {
    json: (status, json, headers) => settle(Response.json(json, { status, headers })),
    open: (headers) => settle(new Response(stream, { status: 200, headers })),
    write(text) {
      if (closed || !controller) return;
      try {
        controller.enqueue(encoder.encode(text));
      } catch {
        closed = true;
      }
    },
    end() {
      if (closed || !controller) return;
      closed = true;
      controller.close();
    },
  };
  void proxyChat({ db: ctx.db, files: ctx.files, config: ctx.config }, caller, body, output, req.signal).catch((err: unknown) => settle(errorOf(err, dialect)));
  return answer;
}
