import type { OpenAPIObject, OperationObject, ParameterObject, ResponseObject } from 'openapi3-ts/oas31';
import { describe, expect, it } from 'vitest';
import { errorStatus } from '@/server/errors';
import { answerChecker } from '../../../tests/helpers/answer-check';
import { openApiDocument } from './openapi';
import { errorResponses } from './openapi-errors';
import { appRouter } from './root';
import type { StudioMeta } from './trpc';

const doc = openApiDocument('');

function* operations(d: OpenAPIObject): Generator<{ at: string; path: string; method: string; op: OperationObject }> {
  for (const [path, item] of Object.entries(d.paths ?? {}))
    for (const [method, op] of Object.entries(item as Record<string, OperationObject>))
      yield { at: `${method.toUpperCase()} ${path}`, path, method, op };
}

const responseOf = (at: string, status: number) => {
  const [method, path] = at.split(' ') as [string, string];
  const op = (doc.paths?.[path] as Record<string, OperationObject> | undefined)?.[method.toLowerCase()];
  return op?.responses?.[String(status)] as ResponseObject | undefined;
};

/** The paths whose errors are OpenAI's error object, so the OpenAI SDKs raise their typed errors. */
const OPENAI_PATHS = new Set([
  '/chat/completions',
  '/models',
  '/models/{id}',
  '/responses',
  '/responses/{id}',
  '/images/generations',
  '/images/edits',
]);
/** OpenAI's error object with more in it: the Images API's 504 carries the jobs that run on. */
const EXTENDED_ERRORS: Record<string, string> = {
  'POST /images/generations 504': 'ImagesPending',
  'POST /images/edits 504': 'ImagesPending',
};

describe('error answers in the OpenAPI document', () => {
  it('lists the answers Studio gives that were missing (issue 35)', () => {
    const expected: [string, number][] = [
      ['POST /generate', 409],
      ['POST /generate-batch', 409],
      ['POST /videos', 409],
      ['POST /generate-batch', 429],
      ['POST /generate', 402],
      ['POST /tenant-accounts', 409],
      ['POST /tenant-accounts', 404],
      ['POST /admin', 404],
      ['POST /admin', 409],
      ['POST /upload-ref', 403],
      ['GET /models/{id}', 403],
      ['GET /balance', 400],
    ];
    expect(expected.filter(([at, status]) => !responseOf(at, status))).toEqual([]);
  });

  it('gives every operation with a named rate limit its 429, and every 429 the Retry-After header', () => {
    const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: StudioMeta } }>;
    const limited = Object.values(procedures)
      .map((p) => p._def.meta)
      .filter((m) => m?.openapi && m.limit)
      .map((m) => `${m?.openapi?.method} ${m?.openapi?.path}`);
    expect(limited.length).toBeGreaterThan(10);
    expect(limited.filter((at) => !responseOf(at, 429))).toEqual([]);
    const without = [...operations(doc)]
      .filter(({ op }) => op.responses?.['429'])
      .filter(({ op }) => !(op.responses?.['429'] as ResponseObject).headers?.['Retry-After'])
      .map(({ at }) => at);
    expect(without).toEqual([]);
  });

  it('lists every status a procedure’s meta declares', () => {
    const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: StudioMeta } }>;
    const missing: string[] = [];
    for (const { _def } of Object.values(procedures)) {
      const route = _def.meta?.openapi;
      if (!route) continue;
      for (const e of _def.meta?.errors ?? []) {
        const at = `${route.method} ${route.path}`;
        if (!responseOf(at, errorStatus[e.code])?.description?.includes(e.meaning)) missing.push(`${at} ${e.code}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('answers every error with the body Studio sends: Error, or OpenAI’s on the OpenAI-compatible paths', () => {
    const wrong: string[] = [];
    for (const { at, path, op } of operations(doc)) {
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        if (Number(status) < 400) continue;
        const body = EXTENDED_ERRORS[`${at} ${status}`] ?? (OPENAI_PATHS.has(path) ? 'OpenAIError' : 'Error');
        const ref = (response as ResponseObject).content?.['application/json']?.schema;
        if (!ref || !('$ref' in ref) || ref.$ref !== `#/components/schemas/${body}`) wrong.push(`${at} ${status}`);
      }
      // Every operation may fail inside or find the database away.
      for (const status of ['500', '503']) if (!op.responses?.[status]) wrong.push(`${at} ${status} missing`);
    }
    expect(wrong).toEqual([]);
  });

  it('keeps no component no answer uses', () => {
    const text = JSON.stringify(doc.paths);
    const unused = Object.keys(doc.components?.schemas ?? {}).filter(
      (name) =>
        !text.includes(`"#/components/schemas/${name}"`) &&
        !JSON.stringify(doc.components).includes(`"#/components/schemas/${name}"`),
    );
    expect(unused).toEqual([]);
    expect(Object.keys(doc.components?.schemas ?? {}).filter((n) => n.startsWith('error.'))).toEqual([]);
  });

  it('joins the meanings of one status, and documents Retry-After on 429 and 503', () => {
    const responses = errorResponses([
      { code: 'CONFLICT', meaning: 'a' },
      { code: 'CONFLICT', meaning: 'b' },
      { code: 'TOO_MANY_REQUESTS', meaning: 'c' },
    ]);
    expect(Object.keys(responses)).toEqual(['409', '429']);
    expect((responses['409'] as ResponseObject).description).toBe('- a\n- b');
    expect((responses['429'] as ResponseObject).headers?.['Retry-After']).toBeDefined();
  });
});

describe('query parameters', () => {
  it('types counts and windows as integers with their bounds, so generated clients send numbers', () => {
    const counts = new Set(['days', 'hours', 'limit', 'page_num', 'page_size']);
    const found: string[] = [];
    const wrong: string[] = [];
    for (const { at, op } of operations(doc)) {
      for (const p of (op.parameters ?? []) as ParameterObject[]) {
        if (p.in !== 'query' || !counts.has(p.name)) continue;
        found.push(`${at} ${p.name}`);
        const s = p.schema as { type?: string; minimum?: number; maximum?: number };
        if (s.type !== 'integer' || s.minimum === undefined || s.maximum === undefined) wrong.push(`${at} ${p.name}`);
        if (p.example !== undefined && typeof p.example !== 'number') wrong.push(`${at} ${p.name} example`);
      }
    }
    expect(found).toEqual(
      expect.arrayContaining(['GET /tenant-usage days', 'GET /tenant-stats hours', 'GET /jobs limit']),
    );
    expect(wrong).toEqual([]);
  });
});

describe('the answer check of the API suite', () => {
  const checker = answerChecker(doc);
  const answer = (method: string, path: string, status: number, body: unknown, more = {}) => ({
    method,
    path,
    status,
    type: 'application/json; charset=utf-8',
    retryAfter: false,
    body: JSON.stringify(body),
    ...more,
  });
  const studioError = { ok: false, error: 'x', code: 'CONFLICT', reason: 'conflict' };

  it('passes documented answers and skips what the document does not claim', () => {
    expect(
      checker.check([
        answer('POST', '/api/generate', 409, studioError),
        answer('GET', '/api/models/studio-auto', 404, { error: { message: 'm', type: 't', code: 'c' } }),
        answer('POST', '/api/trpc/jobs.get', 500, { nothing: true }),
        answer('GET', '/api/no-such-path', 404, studioError),
        answer('PUT', '/api/generate', 405, studioError),
      ]),
    ).toEqual([]);
  });

  it('names an undocumented status, a body outside its schema and a 429 without Retry-After', () => {
    const found = checker.check([
      answer('GET', '/api/balance', 409, studioError),
      answer('POST', '/api/generate', 409, { ok: false, error: 'x' }),
      answer('GET', '/api/models/x', 404, studioError),
      answer('POST', '/api/generate', 429, { ...studioError, code: 'TOO_MANY_REQUESTS' }),
    ]);
    expect(found).toEqual([
      'GET /balance → 409: status not in the document',
      expect.stringMatching(/^GET \/models\/\{id\} → 404: the body does not match/),
      'POST /generate → 409: the body does not match (/ must have required property \'code\'): {"ok":false,"error":"x"}',
      'POST /generate → 429: no Retry-After header',
    ]);
  });
});
