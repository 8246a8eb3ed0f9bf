import { UpstreamError } from '@/server/upstreams/types';
import type { ChatBody } from '@/server/upstreams/providers/types';

/**
 * Chat Completions bodies as Gemini `generateContent` requests (ai.google.dev/api/generate-content):
 * system and developer messages as `systemInstruction`, user and assistant turns as `user`/`model`
 * contents, images as `inlineData` (data URLs) or `fileData` (addresses), tool calls as `functionCall`
 * parts and tool results as `functionResponse` parts named after the call they answer. What Gemini
 * cannot express faithfully is refused as `unsupported` rather than dropped.
 */

type Part = Record<string, unknown>;
interface Content {
  role: 'user' | 'model';
  parts: Part[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function unsupported(message: string): UpstreamError {
  return new UpstreamError('unsupported', message, { code: 'unsupported_parameter', status: 400 });
}

/** Chat Completions parameters with no Gemini counterpart: refused by name. */
const UNTRANSLATABLE = [
  'logit_bias',
  'logprobs',
  'top_logprobs',
  'audio',
  'modalities',
  'prediction',
  'web_search_options',
  'reasoning_effort',
  'functions',
  'function_call',
] as const;

/**
 * The thought signature of a Gemini function call, carried on the tool call as Google's own OpenAI
 * compatibility layer carries it (`extra_content.google.thought_signature`), so a caller who sends the
 * assistant turn back gives Gemini 3 models the signature they require.
 */
export function signatureOf(call: Record<string, unknown>): string | undefined {
  const extra = call.extra_content;
  const google = isRecord(extra) ? extra.google : undefined;
  return isRecord(google) && typeof google.thought_signature === 'string' ? google.thought_signature : undefined;
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter((p): p is { type: 'text'; text: string } => isRecord(p) && p.type === 'text' && typeof p.text === 'string')
    .map((p) => p.text)
    .join('\n');
}

const MIME_BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heif',
};

/** A `data:` URL as inline bytes; any other address as a file the API fetches, typed by its extension. */
export function imagePart(url: string): Part {
  const data = /^data:([^;,]+);base64,(.*)$/s.exec(url);
  if (data) return { inlineData: { mimeType: data[1], data: data[2] } };
  const ext = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(url)?.[1]?.toLowerCase() ?? '';
  return { fileData: { mimeType: MIME_BY_EXTENSION[ext] ?? 'image/jpeg', fileUri: url } };
}

function userParts(content: unknown): Part[] {
  if (typeof content === 'string') return [{ text: content }];
  if (!Array.isArray(content)) return [];
  const out: Part[] = [];
  for (const part of content) {
    if (!isRecord(part)) continue;
    if (part.type === 'text' && typeof part.text === 'string') out.push({ text: part.text });
    else if (part.type === 'image_url' && isRecord(part.image_url) && typeof part.image_url.url === 'string')
      out.push(imagePart(part.image_url.url));
    else throw unsupported(`content parts of type ${String(part.type)} are not supported by this model`);
  }
  return out;
}

function parseArgs(args: unknown): Record<string, unknown> {
  if (typeof args !== 'string' || args.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(args);
    return isRecord(parsed) ? parsed : { arguments: parsed };
  } catch {
    // Arguments written by hand that are not JSON: kept as text.
    return { arguments: args };
  }
}

/** A tool's result as a `functionResponse.response` object: a JSON object as it is, anything else as `result`. */
function toolResponse(content: unknown): Record<string, unknown> {
  const text = textOf(content);
  try {
    const parsed: unknown = JSON.parse(text);
    return isRecord(parsed) ? parsed : { result: parsed };
  } catch {
    return { result: text };
  }
}

/** The messages as Gemini contents: system text apart, tool results as user turns, same-role turns merged. */
export function toContents(messages: unknown[]): { system: string; contents: Content[] } {
  const system: string[] = [];
  const contents: Content[] = [];
  /** The function each tool call id named, so its result can name the function back. */
  const names = new Map<string, string>();
  const push = (role: Content['role'], parts: Part[]): void => {
    const last = contents[contents.length - 1];
    if (last && last.role === role) last.parts.push(...parts);
    else contents.push({ role, parts });
  };
  for (const m of messages) {
    if (!isRecord(m)) continue;
    if (m.role === 'system' || m.role === 'developer') system.push(textOf(m.content));
    else if (m.role === 'user') push('user', userParts(m.content));
    else if (m.role === 'assistant') {
      const parts: Part[] = [];
      const text = textOf(m.content);
      if (text) parts.push({ text });
      for (const call of Array.isArray(m.tool_calls) ? m.tool_calls : []) {
        if (!isRecord(call) || !isRecord(call.function) || typeof call.function.name !== 'string') continue;
        if (typeof call.id === 'string') names.set(call.id, call.function.name);
        const signature = signatureOf(call);
        parts.push({
          functionCall: { name: call.function.name, args: parseArgs(call.function.arguments) },
          ...(signature ? { thoughtSignature: signature } : {}),
        });
      }
      push('model', parts);
    } else if (m.role === 'tool') {
      const name = names.get(String(m.tool_call_id));
      if (!name) throw unsupported(`tool message ${String(m.tool_call_id)} answers no earlier tool call`);
      push('user', [{ functionResponse: { name, response: toolResponse(m.content) } }]);
    }
  }
  return { system: system.filter(Boolean).join('\n\n'), contents: contents.filter((c) => c.parts.length > 0) };
}

function toolConfig(choice: unknown): Record<string, unknown> | undefined {
  if (choice === 'auto') return { functionCallingConfig: { mode: 'AUTO' } };
  if (choice === 'none') return { functionCallingConfig: { mode: 'NONE' } };
  if (choice === 'required') return { functionCallingConfig: { mode: 'ANY' } };
  if (isRecord(choice) && isRecord(choice.function) && typeof choice.function.name === 'string')
    return { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: [choice.function.name] } };
  return undefined;
}

function generationConfig(body: ChatBody): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const limit = body.max_completion_tokens ?? body.max_tokens;
  if (typeof limit === 'number') out.maxOutputTokens = limit;
  if (typeof body.temperature === 'number') out.temperature = body.temperature;
  if (typeof body.top_p === 'number') out.topP = body.top_p;
  if (typeof body.n === 'number' && body.n !== 1) out.candidateCount = body.n;
  if (typeof body.presence_penalty === 'number') out.presencePenalty = body.presence_penalty;
  if (typeof body.frequency_penalty === 'number') out.frequencyPenalty = body.frequency_penalty;
  if (typeof body.seed === 'number') out.seed = body.seed;
  const stop = typeof body.stop === 'string' ? [body.stop] : body.stop;
  if (Array.isArray(stop) && stop.length > 0) out.stopSequences = stop;
  const format = body.response_format;
  if (isRecord(format) && format.type === 'json_object') out.responseMimeType = 'application/json';
  else if (isRecord(format) && format.type === 'json_schema') {
    const schema = isRecord(format.json_schema) ? format.json_schema.schema : undefined;
    out.responseMimeType = 'application/json';
    // JSON Schema as it is (`responseJsonSchema`), not the OpenAPI subset `responseSchema` takes.
    if (isRecord(schema)) out.responseJsonSchema = schema;
  } else if (isRecord(format) && format.type !== 'text')
    throw unsupported(`response_format ${String(format.type)} is not supported by this model`);
  return out;
}

/** The `generateContent` body for a Chat Completions body. */
export function geminiChatRequest(body: ChatBody): Record<string, unknown> {
  for (const name of UNTRANSLATABLE)
    if (body[name] !== undefined && body[name] !== null && body[name] !== false)
      throw unsupported(`${name} is not supported by this model`);
  if (body.parallel_tool_calls === false)
    throw unsupported('parallel_tool_calls: false is not supported by this model');
  const { system, contents } = toContents(body.messages);
  const out: Record<string, unknown> = { contents };
  if (system) out.systemInstruction = { parts: [{ text: system }] };
  const tools = Array.isArray(body.tools) ? body.tools : [];
  if (tools.length > 0) {
    const declarations = tools.map((t) => {
      if (!isRecord(t) || t.type !== 'function' || !isRecord(t.function))
        throw unsupported('only function tools are supported by this model');
      return {
        name: t.function.name,
        ...(typeof t.function.description === 'string' ? { description: t.function.description } : {}),
        // JSON Schema as it is (`parametersJsonSchema`), not the OpenAPI subset `parameters` takes.
        ...(isRecord(t.function.parameters) ? { parametersJsonSchema: t.function.parameters } : {}),
      };
    });
    out.tools = [{ functionDeclarations: declarations }];
    const config = toolConfig(body.tool_choice);
    if (config) out.toolConfig = config;
  }
  const config = generationConfig(body);
  if (Object.keys(config).length > 0) out.generationConfig = config;
  return out;
}
