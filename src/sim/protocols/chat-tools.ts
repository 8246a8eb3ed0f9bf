import { randomBytes } from 'node:crypto';
import type { SimChatChannel } from '@/sim/channels';
import { isRecord, type Json } from './http';
import { openAiError } from './openai';

/**
 * Function calling for the simulated chat model, following OpenAI's protocol: `tools`,
 * `tool_choice`, `parallel_tool_calls`, assistant messages with `tool_calls` and `tool`
 * messages in the conversation. The decision and the arguments are deterministic.
 */

export interface ToolDef {
  name: string;
  description: string;
  parameters: Record<string, unknown> | null;
}

export type ToolChoice = 'none' | 'auto' | 'required' | { name: string };

export interface ToolRequest {
  tools: ToolDef[];
  choice: ToolChoice;
}

export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

const NAME_RE = /^[a-zA-Z0-9_-]{1,64}$/;

function invalidType(param: string, expected: string): never {
  throw openAiError(400, `Invalid type for '${param}': expected ${expected}.`, { param, code: 'invalid_type' });
}

function invalidValue(param: string, message: string): never {
  throw openAiError(400, message, { param, code: 'invalid_value' });
}

function parseTool(raw: unknown, i: number): ToolDef {
  const param = `tools[${i}]`;
  if (!isRecord(raw)) invalidType(param, 'an object');
  if (raw.type !== 'function')
    invalidValue(`${param}.type`, `Invalid value: '${String(raw.type)}'. Supported values are: 'function'.`);
  const fn = raw.function;
  if (!isRecord(fn))
    throw openAiError(400, `Missing required parameter: '${param}.function'.`, {
      param: `${param}.function`,
      code: 'missing_required_parameter',
    });
  if (typeof fn.name !== 'string') invalidType(`${param}.function.name`, 'a string');
  if (!NAME_RE.test(fn.name)) {
    invalidValue(
      `${param}.function.name`,
      `Invalid '${param}.function.name': string does not match pattern. Expected a string that matches the ` +
        `pattern '^[a-zA-Z0-9_-]+$' of at most 64 characters.`,
    );
  }
  if (fn.description !== undefined && typeof fn.description !== 'string')
    invalidType(`${param}.function.description`, 'a string');
  if (fn.parameters !== undefined && !isRecord(fn.parameters)) invalidType(`${param}.function.parameters`, 'an object');
  if (fn.parameters !== undefined && fn.parameters.type !== undefined && fn.parameters.type !== 'object') {
    invalidValue(
      `${param}.function.parameters`,
      `Invalid schema for function '${fn.name}': schema must be a JSON Schema of 'type: "object"', got 'type: ${JSON.stringify(fn.parameters.type)}'.`,
    );
  }
  if (fn.strict !== undefined && fn.strict !== null && typeof fn.strict !== 'boolean')
    invalidType(`${param}.function.strict`, 'a boolean');
  return {
    name: fn.name,
    description: typeof fn.description === 'string' ? fn.description : '',
    parameters: isRecord(fn.parameters) ? fn.parameters : null,
  };
}

/** Reads `tools`, `tool_choice` and `parallel_tool_calls`; null when the request has no tools. */
export function parseToolRequest(body: Record<string, unknown>, channel: SimChatChannel): ToolRequest | null {
  const { tools: rawTools, tool_choice: rawChoice, parallel_tool_calls: parallel } = body;
  const given = (v: unknown): boolean => v !== undefined && v !== null;
  if (given(rawTools) && !channel.capabilities.tools) {
    throw openAiError(400, `The model \`${channel.models[0] ?? channel.family}\` does not support 'tools'.`, {
      param: 'tools',
      code: 'unsupported_parameter',
    });
  }
  if (given(parallel) && typeof parallel !== 'boolean') invalidType('parallel_tool_calls', 'a boolean');
  if (!given(rawTools)) {
    if (given(rawChoice))
      throw openAiError(
        400,
        "Invalid value for 'tool_choice': 'tool_choice' is only allowed when 'tools' are specified.",
        { param: 'tool_choice' },
      );
    if (given(parallel))
      throw openAiError(
        400,
        "Invalid value for 'parallel_tool_calls': 'parallel_tool_calls' is only allowed when 'tools' are specified.",
        { param: 'parallel_tool_calls' },
      );
    return null;
  }
  if (!Array.isArray(rawTools)) invalidType('tools', 'an array');
  if (rawTools.length === 0) {
    throw openAiError(
      400,
      "Invalid 'tools': empty array. Expected an array with minimum length 1, but got an empty array instead.",
      { param: 'tools', code: 'empty_array' },
    );
  }
  if (rawTools.length > 128)
    throw openAiError(400, "Invalid 'tools': array too long. Expected an array with maximum length 128.", {
      param: 'tools',
      code: 'array_above_max_length',
    });
  const tools = rawTools.map(parseTool);
  let choice: ToolChoice = 'auto';
  if (given(rawChoice)) {
    if (rawChoice === 'none' || rawChoice === 'auto' || rawChoice === 'required') choice = rawChoice;
    else if (typeof rawChoice === 'string')
      invalidValue(
        'tool_choice',
        `Invalid value: '${rawChoice}'. Supported values are: 'none', 'auto', and 'required'.`,
      );
    else if (
      isRecord(rawChoice) &&
      rawChoice.type === 'function' &&
      isRecord(rawChoice.function) &&
      typeof rawChoice.function.name === 'string'
    ) {
      const name = rawChoice.function.name;
      if (!tools.some((t) => t.name === name)) {
        invalidValue('tool_choice', `Invalid value for 'tool_choice': tool choice '${name}' is not found in 'tools'.`);
      }
      choice = { name };
    } else invalidType('tool_choice', "'none', 'auto', 'required' or {type: 'function', function: {name}}");
  }
  return { tools, choice };
}

/** Checks the tool parts of the conversation: assistant `tool_calls` and `tool` messages' `tool_call_id`. */
export function validateToolMessages(raw: unknown[]): void {
  raw.forEach((m, i) => {
    if (!isRecord(m)) return;
    if (m.role === 'tool') {
      if (m.tool_call_id === undefined || m.tool_call_id === null) {
        throw openAiError(400, `Missing required parameter: 'messages[${i}].tool_call_id'.`, {
          param: `messages[${i}].tool_call_id`,
          code: 'missing_required_parameter',
        });
      }
      if (typeof m.tool_call_id !== 'string') invalidType(`messages[${i}].tool_call_id`, 'a string');
    }
    if (m.tool_calls === undefined || m.tool_calls === null) return;
    if (m.role !== 'assistant')
      invalidValue(
        `messages[${i}].tool_calls`,
        `Invalid parameter: 'tool_calls' is only allowed in messages with role 'assistant'.`,
      );
    if (!Array.isArray(m.tool_calls)) invalidType(`messages[${i}].tool_calls`, 'an array');
    m.tool_calls.forEach((c: unknown, j) => {
      const param = `messages[${i}].tool_calls[${j}]`;
      if (!isRecord(c)) invalidType(param, 'an object');
      if (typeof c.id !== 'string') invalidType(`${param}.id`, 'a string');
      if (c.type !== 'function')
        invalidValue(`${param}.type`, `Invalid value: '${String(c.type)}'. Supported values are: 'function'.`);
      const fn = c.function;
      if (!isRecord(fn) || typeof fn.name !== 'string') invalidType(`${param}.function.name`, 'a string');
      if (typeof fn.arguments !== 'string') invalidType(`${param}.function.arguments`, 'a string');
    });
  });
}

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function mentions(text: string, phrase: string): boolean {
  const p = phrase.trim();
  if (!p) return false;
  return new RegExp(`(^|[^\\p{L}\\p{N}_])${escapeRe(p)}($|[^\\p{L}\\p{N}_])`, 'iu').test(text);
}

/** The tool the model calls, or null for a text answer. `lastRole`: role of the last message. */
export function chooseTool(req: ToolRequest, lastRole: string, lastUserText: string): ToolDef | null {
  if (lastRole === 'tool' || req.choice === 'none') return null;
  const choice = req.choice;
  if (typeof choice === 'object') return req.tools.find((t) => t.name === choice.name) ?? null;
  if (choice === 'required') return req.tools[0] ?? null;
  return (
    req.tools.find((t) => {
      const firstWord = /^[\p{L}\p{N}_-]+/u.exec(t.description.trim())?.[0] ?? '';
      return (
        mentions(lastUserText, t.name) ||
        mentions(lastUserText, t.name.replace(/_/g, ' ')) ||
        mentions(lastUserText, firstWord)
      );
    }) ?? null
  );
}

/** A short string from the user's message: what follows "in/for/about/…", else the message itself. */
function stringFrom(text: string, name: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  const after = /\b(?:in|for|about|of|at|to|called|named|on)\s+((?:[^\s,.;:!?]+)(?:\s+[A-Z][^\s,.;:!?]*)*)/.exec(
    clean,
  )?.[1];
  if (after && !/date|time/i.test(name)) return after;
  if (/date/i.test(name)) return '2026-01-01';
  const chars = [...clean];
  return chars.length > 60 ? chars.slice(0, 60).join('') : clean || name;
}

/** A value for a JSON schema: required properties only, plausible values by type. */
export function sampleArgument(schema: unknown, text: string, name = 'value', depth = 0): Json {
  if (!isRecord(schema) || depth > 8) return stringFrom(text, name);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return (schema.enum[0] ?? null) as Json;
  if ('const' in schema) return (schema.const ?? null) as Json;
  const variants: unknown[] | null = Array.isArray(schema.anyOf)
    ? schema.anyOf
    : Array.isArray(schema.oneOf)
      ? schema.oneOf
      : null;
  if (variants)
    return sampleArgument(
      variants.find((v) => !(isRecord(v) && v.type === 'null')),
      text,
      name,
      depth + 1,
    );
  const types = Array.isArray(schema.type) ? schema.type.filter((t) => t !== 'null') : [schema.type];
  const type = typeof types[0] === 'string' ? types[0] : isRecord(schema.properties) ? 'object' : 'string';
  switch (type) {
    case 'object': {
      const props = isRecord(schema.properties) ? schema.properties : {};
      const required = Array.isArray(schema.required)
        ? schema.required.filter((r): r is string => typeof r === 'string')
        : [];
      const out: Record<string, Json> = {};
      for (const key of required) out[key] = sampleArgument(props[key], text, key, depth + 1);
      return out;
    }
    case 'array': {
      const min = typeof schema.minItems === 'number' ? Math.max(1, schema.minItems) : 1;
      return Array.from({ length: Math.min(min, 5) }, () => sampleArgument(schema.items, text, name, depth + 1));
    }
    case 'integer':
      return typeof schema.minimum === 'number' ? Math.ceil(schema.minimum) : 1;
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1.5;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return stringFrom(text, name);
  }
}

export function toolCall(tool: ToolDef, lastUserText: string): ToolCall {
  const args = sampleArgument(tool.parameters ?? { type: 'object', properties: {} }, lastUserText);
  return {
    id: `call_${randomBytes(18).toString('base64url').replace(/[-_]/g, 'x')}`,
    type: 'function',
    function: { name: tool.name, arguments: JSON.stringify(args) },
  };
}

/** The text answer after tool results: it quotes the results of the trailing `tool` messages. */
export function answerFromToolResults(results: string[]): string {
  const shown = results.map((r) => {
    const chars = [...r.replace(/\s+/g, ' ').trim()];
    return chars.length > 300 ? `${chars.slice(0, 300).join('')}…` : chars.join('');
  });
  return `Based on the tool result${shown.length > 1 ? 's' : ''}: ${shown.join('; ')}`;
}

/** Pieces of a tool call's arguments as they are streamed. */
export function argumentPieces(args: string): string[] {
  return args.match(/[\s\S]{1,8}/g) ?? [''];
}
