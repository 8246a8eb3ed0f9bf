import type { ChatPrice, Config } from '@/server/config';
import type { ChatMessage } from '@/contracts/chat';

/**
 * Chat is charged by tokens: credits per 1,000 prompt and completion tokens by model family,
 * rounded up to whole credits, never less than the minimum per request (docs/api.md → Chat).
 */

export interface TokenUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

/** Tokens an image part is reserved at: above what a high-detail image costs at the providers Studio routes to. */
export const IMAGE_TOKEN_BOUND = 1_600;
/** Per-message overhead of the chat format (role markers), generous. */
const MESSAGE_OVERHEAD = 8;

export function priceOf(config: Pick<Config, 'prices'>, family: string): ChatPrice {
  return config.prices.chat[family] ?? config.prices.chat.default ?? { prompt_per_1k: 0, completion_per_1k: 0 };
}

/** Credits for a usage at a price: rounded up to whole credits, at least the minimum. */
export function creditsFor(price: ChatPrice, usage: TokenUsage, minimum: number): number {
  const raw = (usage.prompt_tokens * price.prompt_per_1k + usage.completion_tokens * price.completion_per_1k) / 1000;
  // A float product such as 3 * 0.1 is 0.30000000000000004; do not let it round up a whole credit.
  return Math.max(minimum, Math.ceil(raw - 1e-9));
}

function textLength(content: unknown): { bytes: number; images: number } {
  if (typeof content === 'string') return { bytes: Buffer.byteLength(content), images: 0 };
  let bytes = 0;
  let images = 0;
  if (Array.isArray(content)) {
    for (const part of content as { type: string; text?: string; refusal?: string }[]) {
      if (part.type === 'image_url') images += 1;
      else bytes += Buffer.byteLength(part.text ?? part.refusal ?? '');
    }
  }
  return { bytes, images };
}

/**
 * An upper estimate of a prompt's tokens without running a tokenizer (it is on every request):
 * a token is at least two bytes of UTF-8 in practice (about four for English, three for one
 * Chinese character), so a third of the bytes is above the true count for ordinary text; images
 * are counted at {@link IMAGE_TOKEN_BOUND}; tool definitions and calls by their JSON size.
 */
export function promptTokenBound(messages: readonly ChatMessage[], tools: unknown): number {
  let bytes = tools ? Buffer.byteLength(JSON.stringify(tools)) : 0;
  let images = 0;
  for (const m of messages) {
    const t = textLength(m.content);
    bytes += t.bytes;
    images += t.images;
    if (m.role === 'assistant' && m.tool_calls) bytes += Buffer.byteLength(JSON.stringify(m.tool_calls));
  }
  return Math.ceil(bytes / 3) + messages.length * MESSAGE_OVERHEAD + images * IMAGE_TOKEN_BOUND + 3;
}

type Tokenizer = (text: string) => number;
let tokenizer: Promise<Tokenizer> | undefined;

/** Counts tokens with the o200k tokenizer; loaded on first use (only when an upstream reports no usage). */
export async function countTokens(text: string): Promise<number> {
  tokenizer ??= import('gpt-tokenizer').then((m) => m.countTokens as Tokenizer);
  return text ? (await tokenizer)(text) : 0;
}

/** The text of a prompt, for counting when the upstream reported no usage. */
export function promptText(messages: readonly ChatMessage[]): { text: string; images: number } {
  let text = '';
  let images = 0;
  for (const m of messages) {
    if (typeof m.content === 'string') text += `${m.content}\n`;
    else if (Array.isArray(m.content)) {
      for (const part of m.content as { type: string; text?: string }[]) {
        if (part.type === 'image_url') images += 1;
        else if (part.text) text += `${part.text}\n`;
      }
    }
    if (m.role === 'assistant' && m.tool_calls) text += JSON.stringify(m.tool_calls);
  }
  return { text, images };
}

/** Counted usage of an exchange whose upstream reported none: the prompt and what was answered. */
export async function countedUsage(messages: readonly ChatMessage[], completion: string): Promise<TokenUsage> {
  const prompt = promptText(messages);
  const promptTokens = (await countTokens(prompt.text)) + messages.length * 4 + prompt.images * 765 + 3;
  return { prompt_tokens: promptTokens, completion_tokens: await countTokens(completion) };
}
