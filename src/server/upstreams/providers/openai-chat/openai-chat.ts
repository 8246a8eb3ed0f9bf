import { StringDecoder } from 'node:string_decoder';
import { createParser } from 'eventsource-parser';
import type { Target, UpstreamModel } from '@/server/upstreams/types';
import { UpstreamError } from '@/server/upstreams/types';
import type { ChatBody, ChatChunk, ChatCompletion, ChatProvider } from '@/server/upstreams/providers/types';
import { apiPath, probeOpenAiModels, readAnswerJson, upstreamPost } from '@/server/upstreams/providers/http';

/** OpenAI's reasoning model ids (o1, o3, o4-mini, gpt-5 and their dated versions): they refuse `max_tokens`. */
const REASONING_IDS = /^(o\d+|gpt-5)([-.]|$)/;

/** Whether a model is a reasoning model: its own capability, else known from its id. */
export function isReasoningModel(model: Pick<UpstreamModel, 'model' | 'capabilities'>): boolean {
  return model.capabilities.reasoning ?? REASONING_IDS.test(model.model);
}

/**
 * The caller's body as this model takes it: a reasoning model gets the caller's `max_tokens` as
 * `max_completion_tokens` (OpenAI deprecated `max_tokens`, and reasoning models refuse it); other
 * models get the body as it is.
 */
export function bodyForModel(model: Pick<UpstreamModel, 'model' | 'capabilities'>, body: ChatBody): ChatBody {
  if (body.max_tokens === undefined || body.max_tokens === null || !isReasoningModel(model)) return body;
  const { max_tokens: limit, ...rest } = body;
  return { ...rest, max_completion_tokens: body.max_completion_tokens ?? limit };
}

/** The Chat Completions body as sent: the caller's parameters with the upstream's own model id. */
export function chatRequestBody(model: string, body: ChatBody, stream: boolean): Record<string, unknown> {
  return { ...body, model, stream };
}

function upstreamBody(target: Target, body: ChatBody, stream: boolean): string {
  return JSON.stringify(chatRequestBody(target.model, body, stream));
}

export async function chatComplete(target: Target, body: ChatBody, signal: AbortSignal): Promise<ChatCompletion> {
  const path = apiPath(target.baseUrl, '/v1/chat/completions');
  const res = await upstreamPost(target, path, upstreamBody(target, body, false), signal);
  const json = await readAnswerJson<ChatCompletion>(res, signal);
  if (!Array.isArray(json.choices) || json.choices.length === 0) {
    throw new UpstreamError('bad_output', 'the upstream answered without choices');
  }
  // Every choice stopped by the provider's content filter before any content: a refusal of the
  // caller's content (its error, not the upstream's failure). A partly answered one is kept, as OpenAI sends it.
  if (
    json.choices.every((c) => c.finish_reason === 'content_filter' && !c.message?.content && !c.message?.tool_calls)
  ) {
    throw new UpstreamError('refused', 'the provider filtered the content', { code: 'content_filter' });
  }
  return json;
}

/**
 * Streams a completion. The returned iterator yields the upstream's chunks as their events arrive;
 * it fails with a classified error before the first chunk (so routing can still fall back) or
 * mid-stream. Stopping the iteration early closes the upstream connection.
 */
export async function chatStream(
  target: Target,
  body: ChatBody,
  signal: AbortSignal,
): Promise<AsyncIterable<ChatChunk>> {
  const res = await upstreamPost(
    target,
    apiPath(target.baseUrl, '/v1/chat/completions'),
    upstreamBody(target, body, true),
    signal,
    'text/event-stream',
  );
  const source = res.body;
  const pieces: AsyncIterator<Buffer> = source[Symbol.asyncIterator]();
  return (async function* () {
    const decoder = new StringDecoder('utf8');
    const events: string[] = [];
    const parser = createParser({ onEvent: (e) => events.push(e.data) });
    let finished = false;
    try {
      for (;;) {
        while (events.length > 0) {
          const data = (events.shift() ?? '').trim();
          if (data === '[DONE]') {
            finished = true;
            return;
          }
          let chunk: ChatChunk;
          try {
            chunk = JSON.parse(data) as ChatChunk;
          } catch (err) {
            throw new UpstreamError('bad_output', 'the upstream sent a malformed stream event', { cause: err });
          }
          yield chunk;
        }
        let next: IteratorResult<Buffer>;
        try {
          next = await pieces.next();
        } catch (err) {
          throw new UpstreamError(signal.aborted ? 'timeout' : 'network', 'the upstream stream broke off', {
            cause: err,
          });
        }
        if (next.done) {
          finished = true;
          return;
        }
        parser.feed(decoder.write(next.value));
      }
    } finally {
      if (!finished) source.destroy();
    }
  })();
}

/** OpenAI's Chat Completions (`/v1/chat/completions`, or `/chat/completions` below a versioned base URL), and every server that speaks it. */
export const openAiChat: ChatProvider = {
  media: 'chat',
  completeCall: 'POST /v1/chat/completions',
  bodyFor: bodyForModel,
  complete: chatComplete,
  stream: chatStream,
  probe: probeOpenAiModels,
};
