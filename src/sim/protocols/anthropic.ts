import { randomBytes } from 'node:crypto';
import type { SimAnthropicChannel } from '@/sim/channels';
import type { FaultHit } from './faults';
import { HttpError, isRecord, sendJson, wait, type Json } from './http';
import type { Protocol, Route, SimContext } from './protocol';

/**
 * Anthropic Messages (docs.anthropic.com/en/api/messages): `POST /v1/messages`, JSON or SSE, and
 * `GET /v1/models`. Refuses what Anthropic refuses: no `anthropic-version`, unknown top-level fields,
 * no `max_tokens`, an image of a media type it does not read, a `tool_result` answering no `tool_use`.
 * Answers text, or a `tool_use` block when tools are offered and the last turn is not a tool result.
 * Faults in Anthropic's shapes: `content_refused` is its refusal (200, no content, `stop_reason: "refusal"`),
 * `stream_break` drops the connection mid-stream (or mid-body), the error faults are its error objects.
 */

const FIELDS = new Set([
  'model', 'messages', 'max_tokens', 'system', 'temperature', 'top_p', 'top_k', 'stop_sequences', 'stream',
  'tools', 'tool_choice', 'metadata', 'thinking', 'service_tier', 'container', 'mcp_servers',
]); // prettier-ignore
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
export const SIM_ANTHROPIC_REPLY = 'This is a simulated Claude reply.';

const error = (status: number, type: string, message: string, headers: Record<string, string> = {}) =>
  new HttpError(status, { type: 'error', error: { type, message } }, headers);
const invalid = (message: string) => error(400, 'invalid_request_error', message);

type Block = Record<string, unknown>;
interface Parsed {
  model: string;
  stream: boolean;
  maxTokens: number;
  tools: { name: string }[];
  toolChoice: Record<string, unknown> | null;
  lastIsToolResult: boolean;
  inputTokens: number;
}

function checkBlocks(blocks: unknown, i: number, seen: Set<string>, prior: Set<string>): Block[] {
  if (typeof blocks === 'string') return [{ type: 'text', text: blocks }];
  if (!Array.isArray(blocks)) throw invalid(`messages.${i}.content: Input should be a valid list`);
  return blocks.map((b, j) => {
    if (!isRecord(b)) throw invalid(`messages.${i}.content.${j}: Input should be an object`);
    if (b.type === 'image') {
      const src = b.source;
      if (!isRecord(src)) throw invalid(`messages.${i}.content.${j}.image.source: Field required`);
      if (src.type === 'base64' && !IMAGE_TYPES.has(String(src.media_type)))
        throw invalid(
          `messages.${i}.content.${j}.image.source.base64.media_type: Input should be 'image/jpeg', 'image/png', 'image/gif' or 'image/webp'`,
        );
      if (src.type === 'url' && !/^https?:\/\//.test(String(src.url)))
        throw invalid(`messages.${i}.content.${j}.image.source.url: must be an http(s) URL`);
    }
    if (b.type === 'tool_use' && typeof b.id === 'string') seen.add(b.id);
    if (b.type === 'tool_result' && !prior.has(String(b.tool_use_id)))
      throw invalid(
        `messages.${i}.content.${j}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${String(b.tool_use_id)}. ` +
          'Each `tool_result` block must have a corresponding `tool_use` block in the previous message.',
      );
    return b;
  });
}

export function parseMessagesRequest(ctx: Pick<SimContext, 'req' | 'body'>): Parsed {
  if (!ctx.req.headers['anthropic-version']) throw invalid('anthropic-version: header is required');
  let body: unknown;
  try {
    body = JSON.parse(ctx.body.toString('utf8'));
  } catch {
    throw invalid('There was an issue with the format of your request: invalid JSON');
  }
  if (!isRecord(body)) throw invalid('The request body must be a JSON object');
  for (const k of Object.keys(body)) if (!FIELDS.has(k)) throw invalid(`${k}: Extra inputs are not permitted`);
  if (typeof body.model !== 'string') throw invalid('model: Field required');
  if (typeof body.max_tokens !== 'number' || !Number.isInteger(body.max_tokens) || body.max_tokens < 1)
    throw invalid('max_tokens: Field required');
  if (!Array.isArray(body.messages) || body.messages.length === 0) throw invalid('messages: Field required');
  let toolUses = new Set<string>();
  let lastIsToolResult = false;
  body.messages.forEach((m, i) => {
    if (!isRecord(m) || (m.role !== 'user' && m.role !== 'assistant'))
      throw invalid(`messages.${i}.role: Input should be 'user' or 'assistant'`);
    const seen = new Set<string>();
    const blocks = checkBlocks(m.content, i, seen, m.role === 'user' ? toolUses : new Set());
    toolUses = seen;
    lastIsToolResult = m.role === 'user' && blocks.some((b) => b.type === 'tool_result');
  });
  const tools = Array.isArray(body.tools) ? (body.tools as unknown[]) : [];
  for (const [i, t] of tools.entries())
    if (!isRecord(t) || typeof t.name !== 'string' || !isRecord(t.input_schema))
      throw invalid(`tools.${i}: name and input_schema are required`);
  return {
    model: body.model,
    stream: body.stream === true,
    maxTokens: body.max_tokens,
    tools: tools as { name: string }[],
    toolChoice: isRecord(body.tool_choice) ? body.tool_choice : null,
    lastIsToolResult,
    inputTokens: Math.max(1, Math.ceil(ctx.body.length / 4)),
  };
}

function replyContent(p: Parsed): { content: Block[]; stop: string } {
  const tool = p.toolChoice?.type === 'tool' ? String(p.toolChoice.name) : p.tools[0]?.name;
  const wantsTool =
    p.tools.length > 0 && p.toolChoice?.type !== 'none' && (!p.lastIsToolResult || p.toolChoice?.type === 'any');
  if (wantsTool && tool)
    return {
      content: [
        { type: 'tool_use', id: `toolu_${randomBytes(12).toString('hex')}`, name: tool, input: { query: 'simulated' } },
      ],
      stop: 'tool_use',
    };
  return { content: [{ type: 'text', text: SIM_ANTHROPIC_REPLY }], stop: 'end_turn' };
}

const outputTokens = (content: Block[]) => Math.max(1, Math.ceil(JSON.stringify(content).length / 4));

/** Anthropic's refusal: no content, `stop_reason: "refusal"` and its details (docs: handle-streaming-refusals). */
const REFUSAL_DETAILS = { type: 'refusal', category: null, explanation: null };

/** The stream's events, in order: message_start, ping, each block's start, deltas and stop, message_delta. */
function streamEvents(message: Record<string, unknown>, content: Block[], stop: string, usage: Usage) {
  const events: [string, Json][] = [];
  const start = {
    ...message,
    content: [],
    stop_reason: null,
    stop_details: null,
    usage: { ...usage, output_tokens: 1 },
  };
  events.push(['message_start', { type: 'message_start', message: start }], ['ping', { type: 'ping' }]);
  for (const [index, block] of content.entries()) {
    const empty = block.type === 'text' ? { type: 'text', text: '' } : { ...block, input: {} };
    events.push(['content_block_start', { type: 'content_block_start', index, content_block: empty } as Json]);
    const input = JSON.stringify(block.input);
    const pieces =
      block.type === 'text'
        ? String(block.text)
            .split(/(?<= )/)
            .map((text) => ({ type: 'text_delta', text }))
        : [input.slice(0, 5), input.slice(5)].map((partial_json) => ({ type: 'input_json_delta', partial_json }));
    for (const delta of pieces) events.push(['content_block_delta', { type: 'content_block_delta', index, delta }]);
    events.push(['content_block_stop', { type: 'content_block_stop', index }]);
  }
  const details = stop === 'refusal' ? REFUSAL_DETAILS : null;
  const delta = { stop_reason: stop, stop_sequence: null, stop_details: details };
  events.push(['message_delta', { type: 'message_delta', delta, usage: { output_tokens: usage.output_tokens } }]);
  return events;
}

/** Where a `stream_break` cuts: after the first block's start and about half of its deltas (at least one). */
function breakPoint(events: [string, Json][]): number {
  const first = events.findIndex(([type]) => type === 'content_block_delta');
  if (first < 0) return 2;
  let deltas = first;
  while (events[deltas]?.[0] === 'content_block_delta') deltas += 1;
  return first + Math.max(1, Math.floor((deltas - first) / 2));
}

type Usage = { input_tokens: number; output_tokens: number };

async function messages(ctx: SimContext<SimAnthropicChannel>): Promise<void> {
  const p = parseMessagesRequest(ctx);
  ctx.noteModel(p.model);
  if (!ctx.channel.models.includes(p.model)) throw error(404, 'not_found_error', `model: ${p.model}`);
  if (!(await wait(ctx.latencyMs, ctx.signal))) return;
  const refused = ctx.fault === 'content_refused';
  const { content, stop } = refused ? { content: [], stop: 'refusal' } : replyContent(p);
  const id = `msg_${randomBytes(12).toString('hex')}`;
  // A refusal bills the prompt and no output (nothing was generated before it).
  const usage: Usage = { input_tokens: p.inputTokens, output_tokens: refused ? 0 : outputTokens(content) };
  const headers = { 'request-id': ctx.requestId, 'x-studio-simulator': '1' };
  if (ctx.fault === 'bad_output') {
    ctx.res.writeHead(200, { ...headers, 'content-type': 'application/json' });
    ctx.res.end('{"type":"message","content":[');
    return;
  }
  const message = {
    id,
    type: 'message',
    role: 'assistant',
    model: p.model,
    content,
    stop_reason: stop,
    stop_sequence: null,
    stop_details: refused ? REFUSAL_DETAILS : null,
    usage,
  };
  const streamBreak = ctx.fault === 'stream_break';
  if (!p.stream && !streamBreak) return sendJson(ctx.res, 200, message, headers);
  if (!p.stream) {
    // Status line, headers (the whole length) and half of the body, then the connection drops.
    const text = JSON.stringify(message);
    ctx.res.writeHead(200, {
      ...headers,
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
    });
    ctx.res.write(text.slice(0, Math.floor(text.length / 2)), () => ctx.breakConnection());
    return;
  }
  ctx.res.writeHead(200, { ...headers, 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const events = streamEvents(message, content, stop, usage);
  const cut = streamBreak ? breakPoint(events) : events.length;
  const line = ([type, data]: [string, Json]) => `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
  for (const [i, event] of events.slice(0, cut).entries()) {
    if (streamBreak && i === cut - 1) {
      ctx.res.write(line(event), () => ctx.breakConnection());
      return;
    }
    ctx.res.write(line(event));
    if (!(await wait(ctx.chunkDelayMs, ctx.signal))) return;
  }
  ctx.res.end(line(['message_stop', { type: 'message_stop' }]));
}

function models(ctx: SimContext<SimAnthropicChannel>): void {
  const data = ctx.channel.models.map((id) => ({
    type: 'model',
    id,
    display_name: id,
    created_at: '2025-01-01T00:00:00Z',
  }));
  sendJson(ctx.res, 200, { data, has_more: false, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null });
}

const ROUTES: Record<string, Route<SimAnthropicChannel>> = {
  'POST /v1/messages': { generation: true, handle: messages },
  'GET /v1/models': { generation: false, handle: models },
};

/** The faults in Anthropic's error shape; a `server_error` armed with 503 is Anthropic's overload (529). */
function faultError(hit: FaultHit): HttpError {
  switch (hit.fault) {
    case 'rate_limit':
      return error(429, 'rate_limit_error', 'Number of request tokens has exceeded your per-minute rate limit', {
        'retry-after': String(hit.retryAfterS),
      });
    case 'invalid_key':
      return error(401, 'authentication_error', 'invalid x-api-key');
    case 'unpaid':
      return error(402, 'billing_error', 'There is an issue with your billing or payment information.');
    default:
      return hit.status === 503
        ? error(529, 'overloaded_error', 'Overloaded')
        : error(500, 'api_error', 'Internal server error');
  }
}

export const anthropicProtocol: Protocol<SimAnthropicChannel> = {
  // The key in `x-api-key` (its API reference) or as a bearer token (its client since 1.x).
  keyOf: (req) => {
    const xApiKey = req.headers['x-api-key'];
    if (typeof xApiKey === 'string') return xApiKey.trim();
    return /^Bearer\s+(.+)$/i.exec((req.headers.authorization ?? '').trim())?.[1]?.trim() ?? '';
  },
  route: (method, path) => ROUTES[`${method} ${path}`] ?? null,
  notFound: (method, path) => error(404, 'not_found_error', `${method} ${path} not found`),
  authError: () => error(401, 'authentication_error', 'invalid x-api-key'),
  faultError,
  bodyTooLarge: () => error(413, 'request_too_large', 'Request exceeds the maximum allowed number of bytes.'),
};
