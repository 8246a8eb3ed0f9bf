import { existsSync, readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import type { OpenAPIObject, OperationObject, ResponseObject } from 'openapi3-ts/oas31';
import type { RecordedAnswer } from '@/server/edge/http/answer-log';

/**
 * The API suite's response check: every answer a server gave to an operation of its OpenAPI document
 * (recorded with `STUDIO_ANSWER_LOG`, src/server/edge/http/answer-log.ts) must have a status the
 * operation lists, a media type it lists for that status, a JSON body that validates against that
 * status's schema, and on a 429 the `Retry-After` header. Paths and methods the document does not
 * claim (the console's tRPC, pages, /api/mcp, unknown paths, a wrong method) are not checked.
 */

const DOC_ID = 'https://studio.invalid/openapi.json';

type Matcher = { template: string; pattern: RegExp; literal: boolean };

function matchers(doc: OpenAPIObject): Matcher[] {
  return Object.keys(doc.paths ?? {})
    .map((template) => ({
      template,
      literal: !template.includes('{'),
      pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`),
    }))
    .sort((a, b) => Number(b.literal) - Number(a.literal));
}

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

export interface AnswerChecker {
  /** One line per answer outside the document; empty when all are in it. */
  check(answers: readonly RecordedAnswer[]): string[];
}

export function answerChecker(doc: OpenAPIObject): AnswerChecker {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateSchema: false });
  // ajv-formats is CommonJS: its plugin is the default export, or that export's `default`.
  const addFormats = (formats as unknown as { default?: typeof formats }).default ?? formats;
  addFormats(ajv);
  ajv.addSchema({ ...doc, $id: DOC_ID });
  const compiled = new Map<string, ValidateFunction>();
  const validator = (ref: string) => {
    let v = compiled.get(ref);
    if (!v) {
      v = ajv.compile({ $ref: `${DOC_ID}#/${ref}` });
      compiled.set(ref, v);
    }
    return v;
  };
  const paths = matchers(doc);
  const base = (doc.servers?.[0]?.url ?? '/api').replace(/^https?:\/\/[^/]+/, '').replace(/\/+$/, '');

  /** `[violation, example]`: the violation names the operation and status, the example the answer. */
  const checkOne = (a: RecordedAnswer): string | [string, string] | null => {
    if (!a.path.startsWith(`${base}/`)) return null;
    // Exactly the document's paths: `/api/jobs/` is not `/api/jobs` (Next.js redirects it, the REST front serves it).
    const path = a.path.slice(base.length);
    const match = paths.find((m) => m.pattern.test(path));
    if (!match) return null;
    const method = (a.method === 'HEAD' ? 'GET' : a.method).toLowerCase();
    const op = (doc.paths?.[match.template] as Record<string, OperationObject> | undefined)?.[method];
    if (!op) return null;
    const at = `${a.method} ${match.template} → ${a.status}`;
    const status = String(a.status);
    const key = op.responses?.[status] ? status : op.responses?.[`${status[0]}XX`] ? `${status[0]}XX` : null;
    if (!key) return `${at}: status not in the document`;
    const response = op.responses?.[key] as ResponseObject;
    if (a.status === 429 && !a.retryAfter) return `${at}: no Retry-After header`;
    if (a.method === 'HEAD' || !a.type || !response.content) return null;
    const media = Object.keys(response.content).find((t) => a.type?.split(';')[0]?.trim() === t);
    if (!media) return `${at}: answered ${a.type}, the document says ${Object.keys(response.content).join(', ')}`;
    if (a.body === undefined || !response.content[media]?.schema) return null;
    let body: unknown;
    try {
      body = JSON.parse(a.body);
    } catch {
      return `${at}: the body is not JSON`;
    }
    const validate = validator(pointer('paths', match.template, method, 'responses', key, 'content', media, 'schema'));
    if (validate(body)) return null;
    const first = validate.errors?.[0];
    return [
      `${at}: the body does not match (${first?.instancePath || '/'} ${first?.message ?? ''})`,
      a.body.slice(0, 300),
    ];
  };

  return {
    check(answers) {
      const found = new Map<string, { n: number; example: string }>();
      for (const a of answers) {
        const result = checkOne(a);
        if (!result) continue;
        const [line, example] = typeof result === 'string' ? [result, ''] : result;
        const seen = found.get(line);
        found.set(line, { n: (seen?.n ?? 0) + 1, example: seen?.example ?? example });
      }
      return [...found]
        .map(([line, { n, example }]) => `${line}${n > 1 ? ` (${n} times)` : ''}${example ? `: ${example}` : ''}`)
        .sort();
    },
  };
}

/** The answers a server recorded in `file`, one JSON line each. */
export function recordedAnswers(file: string): RecordedAnswer[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as RecordedAnswer);
}
