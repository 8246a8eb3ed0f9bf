import type { SimChannel } from '@/sim/channels';
import type { FaultHit } from './faults';
import { HttpError, isRecord, safeDecode, sendJson } from './http';
import type { Protocol, Route, SimContext } from './protocol';

/** Error shapes and endpoints shared by the OpenAI-style protocols (images and chat). */

export interface OpenAiErrorOptions {
  type?: string;
  code?: string | null;
  param?: string | null;
  headers?: Record<string, string>;
}

export function openAiError(status: number, message: string, opts: OpenAiErrorOptions = {}): HttpError {
  return new HttpError(
    status,
    {
      error: {
        message,
        type: opts.type ?? 'invalid_request_error',
        param: opts.param ?? null,
        code: opts.code ?? null,
      },
    },
    opts.headers ?? {},
  );
}

export function invalidValue(param: string, message: string): HttpError {
  return openAiError(400, message, { param, code: 'invalid_value' });
}

export function missingParam(param: string): HttpError {
  return openAiError(400, `Missing required parameter: '${param}'.`, { param, code: 'missing_required_parameter' });
}

export function unsupportedParam(param: string, message: string): HttpError {
  return openAiError(400, message, { param, code: 'unsupported_parameter' });
}

export function invalidJsonBody(): HttpError {
  return openAiError(
    400,
    "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your " +
      'HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid ' +
      'JSON.)',
  );
}

function maskKey(key: string): string {
  if (key.length <= 8) return '*'.repeat(key.length);
  return `${key.slice(0, 4)}${'*'.repeat(Math.min(20, key.length - 8))}${key.slice(-4)}`;
}

export function openAiAuthError(kind: 'missing' | 'invalid', presented: string): HttpError {
  if (kind === 'missing') {
    return openAiError(
      401,
      "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
    );
  }
  return openAiError(401, `Incorrect API key provided: ${maskKey(presented)}.`, { code: 'invalid_api_key' });
}

const SERVER_ERRORS: Record<number, string> = {
  500: 'The server had an error while processing your request. Sorry about that!',
  502: 'Bad gateway.',
  503: 'The engine is currently overloaded, please try again later.',
  504: 'Gateway timeout.',
};

export function openAiFaultError(hit: FaultHit, channel: SimChannel): HttpError {
  const model = channel.models[0] ?? channel.family;
  switch (hit.fault) {
    case 'rate_limit':
      return openAiError(
        429,
        `Rate limit reached for ${model} in organization org-studio-sim on requests per min (RPM): Limit 60, ` +
          `Used 60, Requested 1. Please try again in ${hit.retryAfterS}s.`,
        {
          type: 'requests',
          code: 'rate_limit_exceeded',
          headers: {
            'retry-after': String(hit.retryAfterS),
            'x-ratelimit-limit-requests': '60',
            'x-ratelimit-remaining-requests': '0',
            'x-ratelimit-reset-requests': `${hit.retryAfterS}s`,
          },
        },
      );
    case 'unpaid':
      return openAiError(429, 'You exceeded your current quota, please check your plan and billing details.', {
        type: 'insufficient_quota',
        code: 'insufficient_quota',
      });
    case 'invalid_key':
      return openAiError(
        401,
        `Incorrect API key provided: sim-****${channel.name.slice(-4)}. The key has been revoked.`,
        {
          code: 'invalid_api_key',
        },
      );
    case 'server_error': {
      const status = hit.status || 500;
      return openAiError(status, SERVER_ERRORS[status] ?? SERVER_ERRORS[500] ?? 'Server error.', {
        type: 'server_error',
      });
    }
    default:
      return openAiError(500, 'The server had an error while processing your request. Sorry about that!', {
        type: 'server_error',
      });
  }
}

export function openAiNotFound(method: string, path: string): HttpError {
  return openAiError(404, `Invalid URL (${method} ${path})`);
}

export function openAiBodyTooLarge(limit: number): HttpError {
  return openAiError(413, `Request body too large. The maximum size is ${limit} bytes.`, { code: 'request_too_large' });
}

/** Parses a JSON request body into an object, or throws the OpenAI-shaped 400. */
export function parseJsonObject(body: Buffer): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    throw invalidJsonBody();
  }
  if (!isRecord(value)) throw openAiError(400, 'The request body must be a JSON object.');
  return value;
}

const CREATED = 1_767_225_600; // fixed so the model list is stable

export function listModels(ctx: SimContext): void {
  sendJson(ctx.res, 200, {
    object: 'list',
    data: ctx.channel.models.map((id) => ({ id, object: 'model', created: CREATED, owned_by: 'studio-simulator' })),
  });
}

export function retrieveModel(ctx: SimContext): void {
  const id = safeDecode(ctx.path.slice('/v1/models/'.length));
  if (!ctx.channel.models.includes(id)) {
    throw openAiError(404, `The model '${id}' does not exist`, { param: 'model', code: 'model_not_found' });
  }
  sendJson(ctx.res, 200, { id, object: 'model', created: CREATED, owned_by: 'studio-simulator' });
}

/**
 * An OpenAI-style protocol: the given POST paths generate, `/v1/models` lists the channel's models,
 * and every error is written the way OpenAI writes it.
 */
export function openAiProtocol<C extends SimChannel>(generation: Record<string, Route<C>['handle']>): Protocol<C> {
  return {
    route(method, path): Route<C> | null {
      const handle = method === 'POST' ? generation[path] : undefined;
      if (handle) return { generation: true, handle };
      if (method === 'GET' && path === '/v1/models') return { generation: false, handle: listModels };
      if (method === 'GET' && path.startsWith('/v1/models/')) return { generation: false, handle: retrieveModel };
      return null;
    },
    notFound: (method, path) => openAiNotFound(method, path),
    authError: (kind, presented) => openAiAuthError(kind, presented),
    faultError: (hit, channel) => openAiFaultError(hit, channel),
    bodyTooLarge: (limit) => openAiBodyTooLarge(limit),
  };
}
