import type { SimChatChannel } from '@/sim/channels';
import type { ResponseFormat } from './chat-content';
import type { ChatMessageView } from './chat-message-view';
import { isRecord } from './http';
import { openAiError } from './openai';

/** The fields of a Chat Completions request checked as OpenAI checks them: messages, response format, numbers. */

const ROLES = new Set(['system', 'developer', 'user', 'assistant', 'tool', 'function']);
/** What one image part of a message counts as prompt tokens. */
export const IMAGE_TOKENS = 85;

export function typeError(param: string, expected: string): never {
  throw openAiError(400, `Invalid type for '${param}': expected ${expected}.`, { param, code: 'invalid_type' });
}

export function parseMessages(raw: unknown, channel: SimChatChannel): ChatMessageView[] {
  if (raw === undefined || raw === null)
    throw openAiError(400, "Missing required parameter: 'messages'.", {
      param: 'messages',
      code: 'missing_required_parameter',
    });
  if (!Array.isArray(raw)) typeError('messages', 'an array');
  if (raw.length === 0) {
    throw openAiError(
      400,
      "Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.",
      { param: 'messages', code: 'empty_array' },
    );
  }
  return raw.map((m: unknown, i): ChatMessageView => {
    if (!isRecord(m)) typeError(`messages[${i}]`, 'an object');
    const role = m.role;
    if (typeof role !== 'string' || !ROLES.has(role)) {
      throw openAiError(
        400,
        `Invalid value: '${String(role)}'. Supported values are: 'system', 'assistant', 'user', 'function', 'tool', and 'developer'.`,
        { param: `messages[${i}].role`, code: 'invalid_value' },
      );
    }
    const content = m.content;
    if (content === undefined || content === null) {
      if (role === 'assistant') return { role, text: '', images: [] };
      throw openAiError(400, `Missing required parameter: 'messages[${i}].content'.`, {
        param: `messages[${i}].content`,
        code: 'missing_required_parameter',
      });
    }
    if (typeof content === 'string') return { role, text: content, images: [] };
    if (!Array.isArray(content)) typeError(`messages[${i}].content`, 'a string or an array of content parts');
    const texts: string[] = [];
    const images: string[] = [];
    content.forEach((part: unknown, j) => {
      const param = `messages[${i}].content[${j}]`;
      if (!isRecord(part)) typeError(param, 'an object');
      if (part.type === 'text') {
        if (typeof part.text !== 'string') typeError(`${param}.text`, 'a string');
        texts.push(part.text);
      } else if (part.type === 'image_url') {
        if (role !== 'user') {
          throw openAiError(
            400,
            `Invalid '${param}': image content parts are only allowed in messages with role 'user'.`,
            { param, code: 'invalid_value' },
          );
        }
        if (!channel.capabilities.vision) {
          throw openAiError(400, `Invalid content type. image_url is only supported by certain models.`, {
            param,
            code: 'unsupported_parameter',
          });
        }
        const iu = part.image_url;
        const url = isRecord(iu) ? iu.url : undefined;
        if (typeof url !== 'string') typeError(`${param}.image_url.url`, 'a string');
        if (!/^https?:\/\//i.test(url) && !/^data:image\/[a-z0-9.+-]+;base64,/i.test(url)) {
          throw openAiError(400, "Invalid image URL. Expected an http(s) URL or a base64 'data:image/...' URL.", {
            param: `${param}.image_url.url`,
            code: 'invalid_image_url',
          });
        }
        images.push(url);
      } else {
        throw openAiError(400, `Invalid value: '${String(part.type)}'. Supported values are: 'text' and 'image_url'.`, {
          param: `${param}.type`,
          code: 'invalid_value',
        });
      }
    });
    return { role, text: texts.join('\n'), images };
  });
}

export function parseResponseFormat(raw: unknown): ResponseFormat {
  if (raw === undefined || raw === null) return { type: 'text' };
  if (!isRecord(raw)) typeError('response_format', 'an object');
  switch (raw.type) {
    case 'text':
      return { type: 'text' };
    case 'json_object':
      return { type: 'json_object' };
    case 'json_schema': {
      const js = raw.json_schema;
      if (!isRecord(js) || typeof js.name !== 'string') {
        throw openAiError(400, "Missing required parameter: 'response_format.json_schema.name'.", {
          param: 'response_format.json_schema.name',
          code: 'missing_required_parameter',
        });
      }
      return { type: 'json_schema', schema: isRecord(js.schema) ? js.schema : null };
    }
    default:
      throw openAiError(
        400,
        `Invalid value: '${String(raw.type)}'. Supported values are: 'text', 'json_object' and 'json_schema'.`,
        { param: 'response_format.type', code: 'invalid_value' },
      );
  }
}

export function numberIn(body: Record<string, unknown>, name: string, min: number, max: number): void {
  const v = body[name];
  if (v === undefined || v === null) return;
  if (typeof v !== 'number' || Number.isNaN(v)) typeError(name, 'a number');
  if (v < min)
    throw openAiError(
      400,
      `Invalid '${name}': decimal below minimum value. Expected a value >= ${min}, but got ${v} instead.`,
      { param: name, code: 'decimal_below_min_value' },
    );
  if (v > max)
    throw openAiError(
      400,
      `Invalid '${name}': decimal above maximum value. Expected a value <= ${max}, but got ${v} instead.`,
      { param: name, code: 'decimal_above_max_value' },
    );
}

export function intIn(body: Record<string, unknown>, name: string, min: number, max: number): number | null {
  const v = body[name];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'number' || !Number.isInteger(v)) typeError(name, 'an integer');
  if (v < min)
    throw openAiError(
      400,
      `Invalid '${name}': integer below minimum value. Expected a value >= ${min}, but got ${v} instead.`,
      { param: name, code: 'integer_below_min_value' },
    );
  if (v > max)
    throw openAiError(
      400,
      `Invalid '${name}': integer above maximum value. Expected a value <= ${max}, but got ${v} instead.`,
      { param: name, code: 'integer_above_max_value' },
    );
  return v;
}
