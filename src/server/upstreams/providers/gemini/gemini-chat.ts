import { StringDecoder } from 'node:string_decoder';
import { createParser } from 'eventsource-parser';
import { UpstreamError, type Target, type UpstreamModel } from '@/server/upstreams/types';
import type { ChatBody, ChatChunk, ChatCompletion, ChatProvider } from '@/server/upstreams/providers/types';
import { MAX_ANSWER_BYTES, parseAnswer, readBounded } from '@/server/upstreams/providers/http';
import { completionFrom, GeminiStreamTranslator, type GeminiAnswer } from './gemini-chat-answer';
import { geminiChatRequest } from './gemini-chat-request';
import { geminiCall, modelPath, probeGemini } from './gemini-http';

/** Gemini chat (`generateContent`, `streamGenerateContent?alt=sse`): Chat Completions bodies translated there and back. */

async function complete(target: Target, body: ChatBody, signal: AbortSignal): Promise<ChatCompletion> {
  const payload = JSON.stringify(geminiChatRequest(body));
  const answer = await geminiCall(target, 'POST', modelPath(target.model, 'generateContent'), payload, signal);
  return completionFrom(parseAnswer<GeminiAnswer>(await readBounded(answer, MAX_ANSWER_BYTES, signal)));
}

/**
 * Streams a completion as Chat Completions chunks. The stream has no closing event: it ends with the
 * answer, and the usage chunk follows; a stream that breaks off before a finish reason is a broken one.
 */
async function stream(target: Target, body: ChatBody, signal: AbortSignal): Promise<AsyncIterable<ChatChunk>> {
  const payload = JSON.stringify(geminiChatRequest(body));
  const source = await geminiCall(target, 'POST', modelPath(target.model, 'streamGenerateContent'), payload, signal);
  const pieces: AsyncIterator<Buffer> = source[Symbol.asyncIterator]();
  return (async function* () {
    const decoder = new StringDecoder('utf8');
    const events: string[] = [];
    const parser = createParser({ onEvent: (e) => events.push(e.data) });
    const translator = new GeminiStreamTranslator();
    let ended = false;
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
        }
        let next: IteratorResult<Buffer>;
        try {
          next = await pieces.next();
        } catch (err) {
          throw new UpstreamError(signal.aborted ? 'timeout' : 'network', 'the upstream stream broke off', {
            cause: err,
          });
        }
        if (next.done) break;
        parser.feed(decoder.write(next.value));
      }
      parser.feed(decoder.end() + '\n\n');
      for (const data of events.splice(0)) yield* translator.push(JSON.parse(data) as Record<string, unknown>);
      ended = true;
      yield translator.end();
    } finally {
      if (!ended) source.destroy();
    }
  })();
}

export const geminiChat: ChatProvider = {
  media: 'chat',
  completeCall: 'POST /v1beta/models/{model}:generateContent',
  // The translation happens at the call: the caller's body is kept as it is until then.
  bodyFor: (_model: Pick<UpstreamModel, 'model' | 'capabilities'>, body: ChatBody) => body,
  complete,
  stream,
  probe: probeGemini,
};
