import { AUTO_MODEL, type ChatRequest } from '@/contracts/chat';
import type { Target } from '@/server/upstreams/types';
import type { TokenUsage } from './pricing';

/** The upstream's usage, or null when it reported none. */
export function usageOf(value: unknown): TokenUsage | null {
  const u = value as Partial<TokenUsage> | null | undefined;
  if (!u || typeof u.prompt_tokens !== 'number' || typeof u.completion_tokens !== 'number') return null;
  return { prompt_tokens: u.prompt_tokens, completion_tokens: u.completion_tokens };
}

/** Every image address of the request's messages, with its place in the body. */
export function imageUrls(request: ChatRequest): { field: (string | number)[]; url: string }[] {
  const out: { field: (string | number)[]; url: string }[] = [];
  request.messages.forEach((m, i) => {
    if (m.role !== 'user' || !Array.isArray(m.content)) return;
    m.content.forEach((part, j) => {
      if (part.type === 'image_url' && !part.image_url.url.startsWith('data:'))
        out.push({ field: ['messages', i, 'content', j, 'image_url', 'url'], url: part.image_url.url });
    });
  });
  return out;
}

/** Removes the upstream's names from a text before a caller sees it. */
export function scrub(text: string, target: Target): string {
  let out = text;
  for (const name of [target.model, target.channel]) if (name) out = out.split(name).join(AUTO_MODEL);
  return out;
}

/** What a stream says when its upstream failed after the first byte (OpenAI's error event). */
export const MID_STREAM_ERROR =
  'The answer broke off: the upstream failed while streaming. The prompt and what was streamed so far are charged; send the request again to retry.';

export const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
};
