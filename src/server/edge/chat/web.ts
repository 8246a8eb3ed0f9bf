import { createContext, type SessionIdentity } from '@/server/api/context';
import { chatErrorAnswer } from '@/server/domain/chat/errors';
import { drainRequest, readBodyLimited } from '@/server/edge/http/body-limit';
import { crossSiteRefusal } from '@/server/edge/http/cross-site';
import { requestExactAddress } from '@/server/edge/http/client-address';
import { getRuntime } from '@/server/runtime';
import { serveChatRequest, type ChatAnswer } from './serve';

/**
 * The chat surface inside Next.js: the console's Chat page (signed in with a session cookie) and key
 * callers that reach Next.js directly (`next dev`). Production key traffic takes the Node door
 * (node.ts); both run the same core (serve.ts), so both answer alike.
 */
export async function serveChatWeb(req: Request, session: SessionIdentity | null): Promise<Response> {
  // Only the origin is checked here: a body that is not JSON gets the chat core's 415, in the route's dialect.
  const refused = crossSiteRefusal(req, { json: false });
  if (refused) {
    await drainRequest(req);
    return refused;
  }
  // The answer is either one JSON body or an event stream; which one is known only when the core says.
  const encoder = new TextEncoder();
  let settle: (r: Response) => void = () => {};
  const answer = new Promise<Response>((resolve) => (settle = resolve));
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  let closed = false;
  let streamed = false;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      closed = true;
    },
  });
  const output: ChatAnswer = {
    json(status, json, headers) {
      // A Response leaves its connection to the server; the Node door closes one itself.
      const { connection: _connection, ...rest } = headers;
      settle(Response.json(json, { status, headers: rest }));
    },
    open(headers) {
      streamed = true;
      settle(new Response(stream, { status: 200, headers }));
    },
    started: () => streamed,
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
    broken() {
      if (closed || !controller) return;
      closed = true;
      controller.error(new Error('the chat stream broke off'));
    },
  };
  void getRuntime()
    .then(({ db, files, config }) =>
      serveChatRequest(
        {
          method: req.method,
          pathname: new URL(req.url).pathname,
          contentType: req.headers.get('content-type'),
          address: requestExactAddress(req.headers),
          readBody: (limit) => readBodyLimited(req, limit),
          drain: () => void drainRequest(req),
          signal: req.signal,
        },
        () => createContext(req.headers, session),
        { db, files, config },
        output,
      ),
    )
    .catch((err: unknown) => {
      const a = chatErrorAnswer(err, 'openai');
      settle(Response.json(a.body, { status: a.status, headers: a.headers }));
    });
  return answer;
}
