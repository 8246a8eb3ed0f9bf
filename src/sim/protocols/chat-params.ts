import type { SimChatChannel } from '@/sim/channels';
import { invalidValue, openAiError, unsupportedParam } from './openai';

/**
 * Which top-level Chat Completions parameters a channel takes. OpenAI refuses a field its API does
 * not have, and some fields a model does not support; the simulator refuses the same requests.
 */

/**
 * The top-level fields of OpenAI's `CreateChatCompletionRequest` (OpenAPI 2.3.0). The simulator
 * documents no vendor extension; any other field is refused as unknown.
 */
export const CHAT_PARAMS: readonly string[] = [
  'messages',
  'model',
  'metadata',
  'top_logprobs',
  'temperature',
  'top_p',
  'user',
  'safety_identifier',
  'prompt_cache_key',
  'prompt_cache_retention',
  'prompt_cache_options',
  'service_tier',
  'modalities',
  'verbosity',
  'reasoning_effort',
  'max_completion_tokens',
  'frequency_penalty',
  'presence_penalty',
  'web_search_options',
  'response_format',
  'audio',
  'store',
  'moderation',
  'stream',
  'stop',
  'logit_bias',
  'logprobs',
  'max_tokens',
  'n',
  'prediction',
  'seed',
  'stream_options',
  'tools',
  'tool_choice',
  'parallel_tool_calls',
  'function_call',
  'functions',
];

const REASONING_EFFORTS = ['none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max'];

/** 400 `unknown_parameter` for the first field the API does not have, in the body's order. */
export function checkKnownChatParams(body: Record<string, unknown>): void {
  for (const name of Object.keys(body)) {
    if (!CHAT_PARAMS.includes(name))
      throw openAiError(400, `Unknown parameter: '${name}'.`, { param: name, code: 'unknown_parameter' });
  }
}

const present = (v: unknown): boolean => v !== undefined && v !== null;

/**
 * What a model refuses though the API has it: a reasoning model refuses `max_tokens` (it counts its
 * reasoning in `max_completion_tokens`); any other model does not know `reasoning_effort`.
 */
export function checkModelParams(body: Record<string, unknown>, channel: SimChatChannel): void {
  if (channel.capabilities.reasoning) {
    if (present(body.max_tokens)) {
      throw unsupportedParam(
        'max_tokens',
        "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
      );
    }
    const effort = body.reasoning_effort;
    if (present(effort) && (typeof effort !== 'string' || !REASONING_EFFORTS.includes(effort))) {
      throw invalidValue(
        'reasoning_effort',
        `Invalid value: '${String(effort)}'. Supported values are: ${REASONING_EFFORTS.map((e) => `'${e}'`).join(', ')}.`,
      );
    }
  } else if (present(body.reasoning_effort)) {
    // What OpenAI answers a non-reasoning model (gpt-4o, gpt-4.1): no param, no code.
    throw openAiError(400, 'Unrecognized request argument supplied: reasoning_effort');
  }
}
