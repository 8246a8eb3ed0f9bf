import type { OpenAPIObject, OperationObject, ParameterObject, SchemaObject } from 'openapi3-ts/oas31';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { chatRequestSchema, modelObjectSchema } from '@/contracts/chat';
import { CLAIM_CODE_PATTERN } from '@/contracts/claims';
import { conversionAnswerSchema, conversionBodySchema } from '@/contracts/image-template';
import { reverseAnswerSchema } from '@/contracts/reading';
import { DEFAULT_VIDEO_PRICES } from '@/server/config';
import { actionBodyUnion } from './action-map';
import { documentGaps } from './openapi-completeness';
import { openApiDocument } from './openapi';
import { operationExamples } from './openapi-examples';
import { appRouter } from './root';
import { uploadAnswer } from './routers/uploads/commit-upload.types';
import type { StudioMeta } from './trpc';

/** Every value of an example (parameters, body, form and answer), with its property name and where it is. */
function* valuesOf(value: unknown, path: string, key = ''): Generator<{ path: string; key: string; value: unknown }> {
  yield { path, key, value };
  if (Array.isArray(value)) for (const [i, item] of value.entries()) yield* valuesOf(item, `${path}[${i}]`, key);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) yield* valuesOf(v, `${path}.${k}`, k);
}

const allValues = (example: Record<string, unknown>) =>
  (['path', 'query', 'headers', 'body', 'form', 'response'] as const).flatMap((part) => [
    ...valuesOf(example[part], part),
  ]);

/**
 * Schema filler: a text that is only its own property name (`"background": "background"`), also as
 * an item of a list under that name (`"images": ["images"]`), or an address that ends in it
 * (`"cdn_url": "https://example.com/cdn_url"`); and placeholders where Studio writes a known form:
 * a cut key (`sk-studio-…`), a webhook secret, claim code or claim page not as made, a sign-in page
 * that is a file.
 */
const FORMS: [RegExp, RegExp][] = [
  [/\.api_key$/, /^sk-studio-[A-Za-z0-9]{40}$/],
  [/\.secret$/, /^whsec_[A-Za-z0-9+/]{43}=$/],
  [/\.code$/, CLAIM_CODE_PATTERN],
  [/\.claim_url$/, /^https:\/\/[^/]+\/claim\/[0-9A-Z]{20}$/],
  [/\.sign_in\.url$/, /^https:\/\/[^?#]+\/[a-z-]+$/],
];
function fillerIn(example: Record<string, unknown>): string[] {
  const found: string[] = [];
  const named = (key: string, text: string) => {
    const t = text.toLowerCase();
    const k = key.toLowerCase();
    return t === k || t === k.replace(/s$/, '');
  };
  for (const { path, key, value } of allValues(example)) {
    if (!key) continue;
    if (typeof value === 'string') {
      const last = /^https?:\/\//.test(value)
        ? (new URL(value).pathname.split('/').pop() ?? '').replace(/\.[a-z0-9]+$/i, '')
        : null;
      if (named(key, value) || (last !== null && named(key, last))) found.push(`${path}: ${JSON.stringify(value)}`);
      else if (FORMS.some(([where, form]) => where.test(path) && !form.test(value)))
        found.push(`${path}: ${JSON.stringify(value)} is not in the form Studio writes`);
    }
  }
  return found;
}

/** Figures of one object that must agree: sums, token counts, prices, and times in order. */
function disagreements(example: Record<string, unknown>): string[] {
  const found: string[] = [];
  const time = (v: unknown) => (typeof v === 'string' ? Date.parse(v) : NaN);
  for (const { path, value } of allValues(example)) {
    if (!value || typeof value !== 'object' || Array.isArray(value)) continue;
    const o = value as Record<string, unknown>;
    const num = (k: string): number | undefined => {
      const v = o[k];
      return typeof v === 'number' ? v : undefined;
    };
    for (const [before, after] of [
      ['created_at', 'started_at'],
      ['started_at', 'finished_at'],
      ['created_at', 'finished_at'],
      ['created_at', 'updated_at'],
      ['created_at', 'redeemed_at'],
      ['created_at', 'disabled_at'],
    ] as const) {
      if (time(o[before]) > time(o[after]))
        found.push(`${path}: ${before} ${String(o[before])} is after ${after} ${String(o[after])}`);
    }
    const elapsed = num('elapsed_ms');
    if (elapsed !== undefined && o.finished_at && elapsed !== time(o.finished_at) - time(o.created_at)) {
      found.push(`${path}: elapsed_ms ${elapsed} is not finished_at - created_at`);
    }
    // With `article` a bucket of its own (GET /tenant-usage/categories), it is part of the sum too.
    const names = ['image', 'video', 'chat', 'reverse', 'other', ...(num('article') !== undefined ? ['article'] : [])];
    const parts = names.map(num);
    if (
      num('total') !== undefined &&
      parts.every((n) => n !== undefined) &&
      num('total') !== parts.reduce((a = 0, b = 0) => a + b, 0)
    ) {
      found.push(`${path}: total ${num('total')} is not the sum of ${names.join(', ')}`);
    }
    if (
      num('total_tokens') !== undefined &&
      // Chat's names, or the Responses API's.
      num('total_tokens') !==
        (num('prompt_tokens') ?? num('input_tokens') ?? 0) + (num('completion_tokens') ?? num('output_tokens') ?? 0)
    ) {
      found.push(`${path}: total_tokens is not prompt_tokens + completion_tokens`);
    }
    const [allocatable, reserved] = [num('allocatable'), num('reserved')];
    if (allocatable !== undefined && reserved !== undefined && num('total') !== allocatable + reserved) {
      found.push(`${path}: total is not allocatable + reserved`);
    }
    const [duration, credits] = [num('duration'), num('credits')];
    if (
      typeof o.model === 'string' &&
      o.model.startsWith('videomodel-') &&
      duration !== undefined &&
      credits !== undefined
    ) {
      const price = DEFAULT_VIDEO_PRICES[o.model] ?? DEFAULT_VIDEO_PRICES.default ?? 0;
      if (credits !== price * duration)
        found.push(`${path}: credits ${credits} is not ${price} a second × ${duration} s`);
    }
  }
  return found;
}

const doc = () => structuredClone<OpenAPIObject>(openApiDocument('https://studio.example.com'));
const opOf = (d: OpenAPIObject, key: string) => {
  const [method = '', path = ''] = key.split(' ');
  const item = d.paths?.[path] as Record<string, OperationObject>;
  return item[method.toLowerCase()] ?? {};
};
describe('the OpenAPI document as a reference', () => {
  it('gives every operation a summary, a description, error meanings, examples and described fields', () => {
    expect(documentGaps(doc())).toEqual([]);
  });

  it('notices a removed operation description, field description or example', () => {
    const d = doc();
    delete opOf(d, 'GET /balance').description;
    expect(documentGaps(d)).toContain('GET /balance: no description');

    const d2 = doc();
    const schema = (
      opOf(d2, 'GET /balance').responses?.['200'] as { content: Record<string, { schema: SchemaObject }> }
    ).content['application/json']?.schema;
    delete (schema?.properties?.credits as SchemaObject).description;
    expect(documentGaps(d2)).toContain('GET /balance 200(application/json).credits: no description');

    const d3 = doc();
    const answer = (opOf(d3, 'GET /balance').responses?.['200'] as { content: Record<string, { example?: unknown }> })
      .content['application/json'];
    delete answer?.example;
    expect(documentGaps(d3)).toContain('GET /balance: no answer example');

    const d4 = doc();
    for (const p of opOf(d4, 'GET /jobs').parameters as ParameterObject[]) delete p.example;
    expect(documentGaps(d4)).toContain('GET /jobs: no request example');
  });

  it('has a worked example for every operation of the document and none for operations it lacks', () => {
    const d = doc();
    const keys = Object.entries(d.paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item as object).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(Object.keys(operationExamples).sort()).toEqual([...keys].sort());
  });

  it("writes examples the procedures' own schemas accept, requests and answers", () => {
    const procedures = appRouter._def.procedures as unknown as Record<
      string,
      { _def: { meta?: StudioMeta; inputs: z.ZodType[]; output?: z.ZodType } }
    >;
    let checked = 0;
    const refused: string[] = [];
    const check = (what: string, schema: z.ZodType, value: unknown) => {
      const error = schema.safeParse(value).error;
      for (const issue of error?.issues ?? []) refused.push(`${what} ${issue.path.join('.')}: ${issue.message}`);
    };
    for (const procedure of Object.values(procedures)) {
      const route = procedure._def.meta?.openapi;
      if (!route) continue;
      const example = operationExamples[`${route.method} ${route.path}`];
      expect(example, `${route.method} ${route.path}`).toBeDefined();
      if (!example) continue;
      const input = procedure._def.inputs[0];
      const request = route.method === 'GET' || route.method === 'DELETE' ? (example.query ?? {}) : example.body;
      // Query values arrive as text; the REST layer converts numbers and booleans before the schema sees them.
      if (input) check(`${route.method} ${route.path} request`, input, request);
      // Action endpoints check their body per action, after the procedure's loose input.
      const actions = procedure._def.meta?.actions;
      if (actions) check(`${route.method} ${route.path} action`, actionBodyUnion(actions), request);
      if (procedure._def.output) check(`${route.method} ${route.path} answer`, procedure._def.output, example.response);
      checked++;
    }
    expect(refused).toEqual([]);
    expect(checked).toBeGreaterThan(30);
  });

  it('checks the examples of the operations served outside tRPC with the contracts they are parsed with', () => {
    const refused: string[] = [];
    const check = (what: string, schema: z.ZodType, value: unknown) => {
      for (const issue of schema.safeParse(value).error?.issues ?? [])
        refused.push(`${what} ${issue.path.join('.')}: ${issue.message}`);
    };
    const ex = (key: string) => operationExamples[key] ?? { response: undefined };
    for (const key of ['POST /chat/completions', 'POST /chat'])
      check(`${key} request`, chatRequestSchema, ex(key).body);
    check(
      'GET /models answer',
      z.strictObject({ object: z.literal('list'), data: z.array(modelObjectSchema).min(1) }),
      ex('GET /models').response,
    );
    check('GET /models/{id} answer', modelObjectSchema, ex('GET /models/{id}').response);
    check('POST /reverse answer', reverseAnswerSchema, ex('POST /reverse').response);
    check('POST /image-to-template request', conversionBodySchema, ex('POST /image-to-template').body);
    check('POST /image-to-template answer', conversionAnswerSchema, ex('POST /image-to-template').response);
    check('POST /upload-ref answer', uploadAnswer.strict(), ex('POST /upload-ref').response);
    expect(refused).toEqual([]);
  });

  it('writes no schema filler: no text or list that is only its property name, no address ending in it', () => {
    const planted = {
      response: {
        background: 'background',
        images: ['images'],
        cdn_url: 'https://example.com/cdn_url',
        role: 'assistant',
        api_key: 'sk-studio-…',
        sign_in: { url: 'https://studio.example.com/files/t/3f1c2a9e.png' },
      },
    };
    expect(fillerIn(planted)).toEqual([
      'response.background: "background"',
      'response.images[0]: "images"',
      'response.cdn_url: "https://example.com/cdn_url"',
      'response.api_key: "sk-studio-…" is not in the form Studio writes',
      'response.sign_in.url: "https://studio.example.com/files/t/3f1c2a9e.png" is not in the form Studio writes',
    ]);
    const found = Object.entries(operationExamples).flatMap(([key, example]) =>
      fillerIn(example as unknown as Record<string, unknown>).map((f) => `${key} ${f}`),
    );
    expect(found).toEqual([]);
  });

  it('writes figures that agree: sums, tokens, video prices and times in order', () => {
    expect(
      disagreements({
        response: {
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 5 },
          job: { created_at: '2026-11-24T08:00:00.000Z', finished_at: '2026-11-24T07:00:00.000Z', elapsed_ms: 1 },
          task: { model: 'videomodel-2-0-fast-260801', duration: 5, credits: 5000 },
          pool: { allocatable: 10, reserved: 1, total: 5000 },
        },
      }),
    ).toHaveLength(5);
    const found = Object.entries(operationExamples).flatMap(([key, example]) =>
      disagreements(example as unknown as Record<string, unknown>).map((f) => `${key} ${f}`),
    );
    expect(found).toEqual([]);
  });

  it('maps error statuses from the kind of operation', () => {
    const d = doc();
    const statuses = (key: string) => Object.keys(opOf(d, key).responses ?? {}).filter((s) => Number(s) >= 400);
    expect(statuses('GET /balance')).toEqual(expect.arrayContaining(['401', '403', '500', '503']));
    expect(statuses('GET /balance')).not.toContain('402');
    expect(statuses('POST /generate')).toEqual(
      expect.arrayContaining(['400', '401', '402', '403', '413', '415', '429']),
    );
    expect(statuses('GET /social-claims')).not.toContain('401');
    expect(statuses('GET /social-claims')).toContain('404');
    expect(String((opOf(d, 'GET /tenant-pool').responses?.['403'] as { description: string }).description)).toMatch(
      /member key/,
    );
    expect((opOf(d, 'POST /generate') as Record<string, unknown>)['x-studio-charges']).toBe(true);
    expect((opOf(d, 'GET /balance') as Record<string, unknown>)['x-studio-charges']).toBeUndefined();
  });
  it('states the security of every operation: a key, or an empty list for a public one', () => {
    const d = doc();
    const missing: string[] = [];
    for (const [path, item] of Object.entries(d.paths ?? {}))
      for (const [method, op] of Object.entries(item as Record<string, OperationObject>))
        if (!Array.isArray(op.security)) missing.push(`${method.toUpperCase()} ${path}`);
    expect(missing).toEqual([]);
    expect(opOf(d, 'GET /social-claims').security).toEqual([]);
    expect(opOf(d, 'GET /balance').security).toEqual([{ ApiKey: [] }, { Bearer: [] }]);
  });
});
