import { StringDecoder } from 'node:string_decoder';
import { createParser } from 'eventsource-parser';
import { Agent, request, type Dispatcher } from 'undici';
import { UpstreamError, type Target, type UpstreamModel } from '@/server/upstreams/types';
import type { ChatBody, ChatChunk, ChatCompletion, ChatProvider } from '@/server/upstreams/providers/types';
import { MAX_ANSWER_BYTES, parseAnswer, readBounded } from '@/server/upstreams/providers/http';
import { anthropicError, completionFrom, StreamTranslator, type AnthropicMessage } from './anthropic-answer';
import { ANTHROPIC_VERSION, messagesRequest } from './anthropic-request';

/** Anthropic Messages (`POST /v1/messages`): Chat Completions bodies translated there and back. */

const agent = new Agent({ keepAliveTimeout: 30_000, connections: 4_096 });

/** The headers of every call: the key as `x-api-key` and the protocol version (docs.anthropic.com/en/api/versioning). */
export function anthropicHeaders(apiKey: string, accept?: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    'x-api-key': apiKey,
    'anthropic-version': ANTHROPIC_VERSION,
    ...(accept ? { accept } : {}),
  };
}

function retryAfterMs(value: string | string[] | undefined): number | undefined {
  const seconds = Number(typeof value === 'string' ? value : undefined);
  return Number.isFinite(seconds) ? Math.max(0, seconds * 1000) : undefined;
}

async function call(
  target: Target,
  method: 'GET' | 'POST',
  path: string,
  body: string | undefined,
  signal: AbortSignal,
  accept?: string,
): Promise<Dispatcher.ResponseData['body']> {
  let res: Dispatcher.ResponseData;
  try {
    res = await request(`${target.baseUrl}${path}`, {
      method,
      headers: anthropicHeaders(target.apiKey, accept),
      body,
      signal,
      dispatcher: agent,
    });
  } catch (err) {
    if (signal.aborted) throw new UpstreamError('timeout', 'the upstream did not answer in time', { cause: err });
    throw new UpstreamError('network', 'the upstream could not be reached', { cause: err });
  }
  if (res.statusCode >= 200 && res.statusCode < 300) return res.body;
  let parsed: unknown = null;
  try {
    parsed = JSON.parse((await readBounded(res.body, 64 * 1024, signal)).toString('utf8'));
  } catch {
    // Not JSON: the status alone classifies it.
  }
  throw anthropicError(res.statusCode, parsed, retryAfterMs(res.headers['retry-after']));
}

async function complete(target: Target, body: ChatBody, signal: AbortSignal): Promise<ChatCompletion> {
  const payload = JSON.stringify(messagesRequest(target.model, body, false));
  const answer = await call(target, 'POST', '/v1/messages', payload, signal);
  return completionFrom(parseAnswer<AnthropicMessage>(await readBounded(answer, MAX_ANSWER_BYTES, signal)));
}

/**
 * Streams a completion as Chat Completions chunks. Fails classified before the first chunk (routing
 * can still fall back) or mid-stream; a stream that ends before `message_stop` is a broken stream.
 */
async function stream(target: Target, body: ChatBody, signal: AbortSignal): Promise<AsyncIterable<ChatChunk>> {
  const payload = JSON.stringify(messagesRequest(target.model, body, true));
  const source = await call(target, 'POST', '/v1/messages', payload, signal, 'text/event-stream');
  const pieces: AsyncIterator<Buffer> = source[Symbol.asyncIterator]();
  return (async function* () {
    const decoder = new StringDecoder('utf8');
    const events: string[] = [];
    const parser = createParser({ onEvent: (e) => events.push(e.data) });
    const translator = new StreamTranslator();
    try {
      for (;;) {
        while (events.length > 0) {
          let event: Record<string, unknown>;
          try {
            event = JSON.parse(events.shift() ?? '') as Record<string, unknown>;
          } catch (err) {
            throw new UpstreamError('bad_output', 'the upstream sent a malformed stream event', { cause: err });
          }
          yield* translator.push(event);
          if (translator.done) return;
        }
        let next: IteratorResult<Buffer>;
        try {
          next = await pieces.next();
        } catch (err) {
          throw new UpstreamError(signal.aborted ? 'timeout' : 'network', 'the upstream stream broke off', {
            cause: err,
          });
        }
        if (next.done) throw new UpstreamError('network', 'the upstream stream ended before message_stop');
        parser.feed(decoder.write(next.value));
      }
    } finally {
      if (!translator.done) source.destroy();
    }
  })();
}

/** `GET /v1/models`: authenticated and free. */
async function probe(target: Target, signal: AbortSignal): Promise<void> {
  const body = await call(target, 'GET', '/v1/models', undefined, signal);
  await body.dump();
}

export const anthropic: ChatProvider = {
  media: 'chat',
  completeCall: 'POST /v1/messages',
  // The translation happens at the call: the caller's body is kept as it is until then.
  bodyFor: (_model: Pick<UpstreamModel, 'model' | 'capabilities'>, body: ChatBody) => body,
  complete,
  stream,
  probe,
};
