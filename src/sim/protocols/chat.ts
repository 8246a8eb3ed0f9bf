import type { SimChatChannel } from '@/sim/channels';
import { composeReply, estimateTokens, withMissingFields } from './chat-content';
import { checkKnownChatParams, checkModelParams } from './chat-params';
import { IMAGE_TOKENS, intIn, numberIn, parseMessages, parseResponseFormat, typeError } from './chat-request';
import { completionId, streamPieces, writeChunks } from './chat-stream';
import {
  answerFromToolResults,
  argumentPieces,
  chooseTool,
  parseToolRequest,
  toolCall,
  validateToolMessages,
  type ToolCall,
} from './chat-tools';
import { isRecord, sendJson, wait } from './http';
import { openAiError, openAiProtocol, parseJsonObject } from './openai';
import type { SimContext } from './protocol';

/** OpenAI Chat Completions: `POST /v1/chat/completions`, JSON or SSE (`stream: true`). */

type Ctx = SimContext<SimChatChannel>;

/** Cuts text to about `maxTokens` tokens, keeping whole code points. */
function truncateToTokens(text: string, maxTokens: number): string {
  let out = '';
  let cjk = 0;
  let other = 0;
  for (const ch of text) {
    if ((ch.codePointAt(0) ?? 0) >= 0x2e80) cjk += 1;
    else other += 1;
    if (cjk + Math.ceil(other / 4) > maxTokens) break;
    out += ch;
  }
  return out;
}

async function completions(ctx: Ctx): Promise<void> {
  const body = parseJsonObject(ctx.body);
  checkKnownChatParams(body);
  const model = body.model;
  if (model === undefined || model === null || model === '')
    throw openAiError(400, 'you must provide a model parameter');
  if (typeof model !== 'string') typeError('model', 'a string');
  ctx.noteModel(model);
  if (!ctx.channel.models.includes(model)) {
    throw openAiError(404, `The model \`${model}\` does not exist or you do not have access to it.`, {
      code: 'model_not_found',
    });
  }
  checkModelParams(body, ctx.channel);
  const toolRequest = parseToolRequest(body, ctx.channel);
  const messages = parseMessages(body.messages, ctx.channel);
  validateToolMessages(body.messages as unknown[]);
  const responseFormat = parseResponseFormat(body.response_format);
  if (responseFormat.type === 'json_object' && !messages.some((m) => /json/i.test(m.text))) {
    throw openAiError(
      400,
      "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.",
      { param: 'messages' },
    );
  }
  numberIn(body, 'temperature', 0, 2);
  numberIn(body, 'top_p', 0, 1);
  numberIn(body, 'presence_penalty', -2, 2);
  numberIn(body, 'frequency_penalty', -2, 2);
  const n = intIn(body, 'n', 1, 128) ?? 1;
  const maxTokens = intIn(body, 'max_completion_tokens', 1, 1_000_000) ?? intIn(body, 'max_tokens', 1, 1_000_000);
  const stream = body.stream;
  if (stream !== undefined && stream !== null && typeof stream !== 'boolean') typeError('stream', 'a boolean');
  const streamOptions = body.stream_options;
  if (streamOptions !== undefined && streamOptions !== null && !stream) {
    throw openAiError(400, "The 'stream_options' parameter is only allowed when 'stream' is enabled.", {
      param: 'stream_options',
    });
  }
  const includeUsage = isRecord(streamOptions) && streamOptions.include_usage === true;
  const promptTokens = messages.reduce(
    (sum, m) => sum + 4 + estimateTokens(m.text) + m.images.length * IMAGE_TOKENS,
    3,
  );
  if (ctx.fault === 'content_refused') {
    await refuse(ctx, { model, n, stream: stream === true, includeUsage, promptTokens });
    return;
  }

  const last = messages[messages.length - 1];
  const lastUserText = [...messages].reverse().find((m) => m.role === 'user')?.text ?? '';
  const tool = toolRequest ? chooseTool(toolRequest, last?.role ?? 'user', lastUserText) : null;
  const calls: ToolCall[] = tool ? Array.from({ length: n }, () => toolCall(tool, lastUserText)) : [];

  const reply = composeReply({ messages, responseFormat });
  let content = reply.content;
  if (!tool && last?.role === 'tool' && !reply.json) {
    const trailing: string[] = [];
    for (let i = messages.length - 1; i >= 0 && messages[i]?.role === 'tool'; i -= 1)
      trailing.unshift(messages[i]?.text ?? '');
    content = answerFromToolResults(trailing);
  }
  // Valid JSON missing fields the caller relies on; max_tokens still applies to what is left.
  if (!tool && ctx.fault === 'missing_fields' && reply.json) content = withMissingFields(content);
  let finish: 'stop' | 'length' | 'tool_calls' = tool ? 'tool_calls' : 'stop';
  if (tool) {
    content = '';
  } else if (ctx.fault === 'bad_output') {
    // A JSON request gets chatty, cut-off JSON; anything else gets an empty answer.
    content = reply.json
      ? `Sure! Here is the JSON you asked for:\n${content.slice(0, Math.max(1, Math.floor(content.length * 0.6)))}`
      : '';
  } else if (maxTokens !== null && estimateTokens(content) > maxTokens) {
    content = truncateToTokens(content, maxTokens);
    finish = 'length';
  }

  const completionTokens = tool
    ? calls.reduce((sum, c) => sum + estimateTokens(c.function.arguments), 0)
    : estimateTokens(content) * n;
  const usage = {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
    prompt_tokens_details: { cached_tokens: 0 },
    completion_tokens_details: { reasoning_tokens: 0 },
  };

  if (!(await wait(ctx.latencyMs, ctx.signal))) return;

  const id = completionId();
  const created = Math.floor(Date.now() / 1000);
  const fingerprint = 'fp_studio_sim';
  const streamBreak = ctx.fault === 'stream_break';
  if (!stream) {
    const payload = {
      id,
      object: 'chat.completion',
      created,
      model,
      choices: Array.from({ length: n }, (_, index) => {
        const call = calls[index];
        return {
          index,
          message: call
            ? { role: 'assistant', content: null, tool_calls: [call], refusal: null, annotations: [] }
            : { role: 'assistant', content, refusal: null, annotations: [] },
          logprobs: null,
          finish_reason: finish,
        };
      }),
      usage,
      system_fingerprint: fingerprint,
    };
    if (!streamBreak) {
      sendJson(ctx.res, 200, payload, { 'openai-processing-ms': String(ctx.latencyMs) });
      return;
    }
    // Status line, headers and part of the body, then the connection drops.
    const text = JSON.stringify(payload);
    ctx.res.writeHead(200, {
      'openai-processing-ms': String(ctx.latencyMs),
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
    });
    ctx.res.write(text.slice(0, Math.floor(text.length / 2)), () => ctx.breakConnection());
    return;
  }

  ctx.res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'openai-processing-ms': String(ctx.latencyMs),
  });
  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}): string =>
    `data: ${JSON.stringify({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      system_fingerprint: fingerprint,
      choices,
      ...(includeUsage ? { usage: null } : {}),
      ...extra,
    })}\n\n`;
  const out: string[] = [];
  // A stream_break keeps the role chunk and about half of the first choice's content chunks.
  let breakAfter: number | null = null;
  for (let index = 0; index < n; index += 1) {
    const call = calls[index];
    let pieces: number;
    if (call) {
      const fragments = argumentPieces(call.function.arguments);
      pieces = fragments.length;
      out.push(
        chunk([
          {
            index,
            delta: {
              role: 'assistant',
              content: null,
              tool_calls: [
                { index: 0, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } },
              ],
              refusal: null,
            },
            logprobs: null,
            finish_reason: null,
          },
        ]),
      );
      for (const fragment of fragments)
        out.push(
          chunk([
            {
              index,
              delta: { tool_calls: [{ index: 0, function: { arguments: fragment } }] },
              logprobs: null,
              finish_reason: null,
            },
          ]),
        );
    } else {
      out.push(
        chunk([
          { index, delta: { role: 'assistant', content: '', refusal: null }, logprobs: null, finish_reason: null },
        ]),
      );
      const textPieces = streamPieces(content);
      pieces = textPieces.length;
      for (const piece of textPieces)
        out.push(chunk([{ index, delta: { content: piece }, logprobs: null, finish_reason: null }]));
    }
    if (index === 0 && streamBreak) breakAfter = 1 + Math.ceil(pieces / 2);
    out.push(chunk([{ index, delta: {}, logprobs: null, finish_reason: finish }]));
  }
  if (includeUsage) out.push(chunk([], { usage }));
  out.push('data: [DONE]\n\n');
  await writeChunks(ctx, out, breakAfter);
}

/**
 * A completion the provider's content filter stopped (a `content_refused` fault): 200, every choice
 * with `finish_reason: 'content_filter'` and no content; streamed, one such chunk per choice, the
 * usage chunk when asked, then `[DONE]`.
 */
async function refuse(
  ctx: Ctx,
  q: { model: string; n: number; stream: boolean; includeUsage: boolean; promptTokens: number },
): Promise<void> {
  if (!(await wait(ctx.latencyMs, ctx.signal))) return;
  const usage = {
    prompt_tokens: q.promptTokens,
    completion_tokens: 0,
    total_tokens: q.promptTokens,
    prompt_tokens_details: { cached_tokens: 0 },
    completion_tokens_details: { reasoning_tokens: 0 },
  };
  const head = {
    id: completionId(),
    created: Math.floor(Date.now() / 1000),
    model: q.model,
    system_fingerprint: 'fp_studio_sim',
  };
  const headers = { 'openai-processing-ms': String(ctx.latencyMs) };
  if (!q.stream) {
    const choices = Array.from({ length: q.n }, (_, index) => ({
      index,
      message: { role: 'assistant', content: null, refusal: null, annotations: [] },
      logprobs: null,
      finish_reason: 'content_filter',
    }));
    sendJson(ctx.res, 200, { ...head, object: 'chat.completion', choices, usage }, headers);
    return;
  }
  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}): string =>
    `data: ${JSON.stringify({ ...head, object: 'chat.completion.chunk', choices, ...(q.includeUsage ? { usage: null } : {}), ...extra })}\n\n`;
  const out = Array.from({ length: q.n }, (_, index) =>
    chunk([{ index, delta: {}, logprobs: null, finish_reason: 'content_filter' }]),
  );
  if (q.includeUsage) out.push(chunk([], { usage }));
  out.push('data: [DONE]\n\n');
  ctx.res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    ...headers,
  });
  await writeChunks(ctx, out, null);
}

const openAiChat = openAiProtocol<SimChatChannel>({ '/v1/chat/completions': completions });

/**
 * Chat Completions under `/v1`, and the same two calls under `/api/v3` (Ark's OpenAI-compatible root), so a
 * channel whose base URL ends in a version segment (`…/sim-chat-a/api/v3`) is served as the API root.
 */
const ARK_ROOT_ALIASES: Record<string, string> = {
  '/api/v3/chat/completions': '/v1/chat/completions',
  '/api/v3/models': '/v1/models',
};

export const chatProtocol: typeof openAiChat = {
  ...openAiChat,
  route: (method, path) => openAiChat.route(method, ARK_ROOT_ALIASES[path] ?? path),
};
