import type { ChatChunk } from '@/server/upstreams/providers/types';
import { usageOf } from './answer-parts';
import type { TokenUsage } from './pricing';
import type { ChatOutput } from './types';

/**
 * Passes an upstream's stream chunks on to the caller under Studio's answer id and model label, and keeps
 * what the charge needs: the usage the upstream reported, and what each choice delivered (text, tool
 * calls, reasoning), counted when it reports none. The usage chunk goes to the caller only at the end,
 * with the charge ({@link usageChunk}), and only if it asked.
 */
export class StreamRelay {
  usage: TokenUsage | null = null;
  readonly streamed: string[] = [];
  /** When the last chunk arrived (the quiet-upstream check reads it). */
  lastChunk = Date.now();

  constructor(
    private readonly out: ChatOutput,
    private readonly answer: { id: string; model: string; includeUsage: boolean },
  ) {}

  async forward(chunk: ChatChunk): Promise<void> {
    this.lastChunk = Date.now();
    const reported = usageOf(chunk.usage);
    if (reported) this.usage = reported;
    const choices = chunk.choices as
      | { index?: number; delta?: { content?: unknown; tool_calls?: unknown; reasoning_content?: unknown } }[]
      | undefined;
    if (choices) {
      const streamed = this.streamed;
      for (const c of choices) {
        const d = c.delta;
        if (!d) continue;
        const i = typeof c.index === 'number' ? c.index : 0;
        if (typeof d.content === 'string') streamed[i] = (streamed[i] ?? '') + d.content;
        else if (d.tool_calls) streamed[i] = (streamed[i] ?? '') + JSON.stringify(d.tool_calls);
        if (typeof d.reasoning_content === 'string') streamed[i] = (streamed[i] ?? '') + d.reasoning_content;
      }
    }
    if (reported && (!choices || choices.length === 0)) return;
    chunk.id = this.answer.id;
    chunk.model = this.answer.model;
    delete chunk.system_fingerprint;
    if (this.answer.includeUsage) chunk.usage = null;
    else delete chunk.usage;
    await this.out.write(`data: ${JSON.stringify(chunk)}\n\n`);
  }

  /** The stream's last chunk when the caller asked for usage: the tokens charged and the credits. */
  usageChunk(final: TokenUsage, credits: number, startedMs: number) {
    return {
      id: this.answer.id,
      object: 'chat.completion.chunk',
      created: Math.floor(startedMs / 1000),
      model: this.answer.model,
      choices: [],
      usage: {
        ...(this.usage ?? {}),
        prompt_tokens: final.prompt_tokens,
        completion_tokens: final.completion_tokens,
        total_tokens: final.prompt_tokens + final.completion_tokens,
      },
      credits,
    };
  }
}
