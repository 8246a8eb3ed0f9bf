import type { ChatPrice, Config } from '@/server/config';
import type { ChatRequest } from '@/contracts/chat';

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
/** Tokens an image part is counted at when the upstream reported no usage (a high-detail 1024×1024 image). */
export const IMAGE_TOKENS_COUNTED = 765;
/** Per-message overhead of the chat format (role markers) in the bound, generous. */
const MESSAGE_OVERHEAD = 8;
/** Per-message overhead when counting: OpenAI's chat format takes 3 to 4 tokens a message. */
const MESSAGE_OVERHEAD_COUNTED = 4;
/** The tokens that prime the answer (`<|start|>assistant<|message|>`). */
const REPLY_PRIMING = 3;

export function priceOf(config: Pick<Config, 'prices'>, family: string): ChatPrice {
  return config.prices.chat[family] ?? config.prices.chat.default ?? { prompt_per_1k: 0, completion_per_1k: 0 };
}

/** Credits for a usage at a price: rounded up to whole credits, at least the minimum. */
export function creditsFor(price: ChatPrice, usage: TokenUsage, minimum: number): number {
  const raw = (usage.prompt_tokens * price.prompt_per_1k + usage.completion_tokens * price.completion_per_1k) / 1000;
  // A float product such as 3 * 0.1 is 0.30000000000000004; do not let it round up a whole credit.
  return Math.max(minimum, Math.ceil(raw - 1e-9));
}

/** The parts of a request a provider bills as prompt, as far as they are not text. */
interface BilledShape {
  messages: number;
  images: number;
}

/**
 * Calls `text` with every billed text of the request: each message's content (text and refusal parts),
 * `name`, `tool_call_id`, `refusal`, `tool_calls` and `function_call`; the `tools` definitions, a named `tool_choice` and
 * the `response_format` (its JSON schema). Providers render all of these into the prompt and bill them.
 * One list for the bound and for the count, so neither can leave out what the other counts.
 */
function billedParts(request: ChatRequest, text: (s: string) => void): BilledShape {
  let images = 0;
  for (const m of request.messages) {
    const content = m.content;
    if (typeof content === 'string') text(content);
    else if (Array.isArray(content)) {
      for (const part of content) {
        if (part.type === 'image_url') images += 1;
        else text(part.type === 'text' ? part.text : part.refusal);
      }
    }
    if ('name' in m && m.name) text(m.name);
    if (m.role === 'tool') text(m.tool_call_id);
    if (m.role === 'assistant') {
      if (m.refusal) text(m.refusal);
      if (m.tool_calls?.length) text(JSON.stringify(m.tool_calls));
      if (m.function_call) text(JSON.stringify(m.function_call));
    }
  }
  if (request.tools?.length) text(JSON.stringify(request.tools));
  if (typeof request.tool_choice === 'object') text(JSON.stringify(request.tool_choice));
  if (request.response_format && request.response_format.type !== 'text') text(JSON.stringify(request.response_format));
  return { messages: request.messages.length, images };
}

/**
 * An upper bound of the request's prompt tokens, cheap enough for every request (no tokenizer): a
 * byte-level BPE token (o200k's, and every byte-fallback tokenizer's) is at least one byte of UTF-8, so
 * the bytes of the billed parts are at least their tokens, whatever the text (digits, CJK, emoji, JSON);
 * images at {@link IMAGE_TOKEN_BOUND}, the chat format at twice what it takes per message.
 */
export function promptTokenBound(request: ChatRequest): number {
  let bytes = 0;
  const shape = billedParts(request, (s) => {
    bytes += Buffer.byteLength(s);
  });
  return bytes + shape.messages * MESSAGE_OVERHEAD + shape.images * IMAGE_TOKEN_BOUND + REPLY_PRIMING;
}

type Tokenizer = (text: string, options: { disallowedSpecial: Set<string> }) => number;
let tokenizer: Promise<Tokenizer> | undefined;
/** A text such as `<|endoftext|>` in a prompt is text to count, not a special token (the default throws). */
const AS_TEXT = { disallowedSpecial: new Set<string>() };

/** Counts tokens with the o200k tokenizer; loaded on first use (only when an upstream reports no usage). */
export async function countTokens(text: string): Promise<number> {
  tokenizer ??= import('gpt-tokenizer').then((m) => m.countTokens as Tokenizer);
  return text ? (await tokenizer)(text, AS_TEXT) : 0;
}

/**
 * The request's prompt tokens counted with the tokenizer over every billed part (each on its own, so
 * no part's tokens merge with its neighbour's), for an upstream that reported no usage or a stream
 * that broke off. Never above {@link promptTokenBound}.
 */
export async function countedPromptTokens(request: ChatRequest): Promise<number> {
  const texts: string[] = [];
  const shape = billedParts(request, (s) => texts.push(s));
  let tokens = shape.messages * MESSAGE_OVERHEAD_COUNTED + shape.images * IMAGE_TOKENS_COUNTED + REPLY_PRIMING;
  for (const t of texts) tokens += await countTokens(t);
  return tokens;
}

/** Completion tokens of what was delivered: each choice counted on its own. */
export async function countedCompletionTokens(choices: Iterable<string>): Promise<number> {
  let tokens = 0;
  for (const c of choices) tokens += await countTokens(c);
  return tokens;
}

/** Counted usage of an exchange whose upstream reported none: the prompt and what was delivered. */
export async function countedUsage(request: ChatRequest, choices: Iterable<string>): Promise<TokenUsage> {
  return {
    prompt_tokens: await countedPromptTokens(request),
    completion_tokens: await countedCompletionTokens(choices),
  };
}
