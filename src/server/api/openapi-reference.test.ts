import type { OpenAPIObject, OperationObject, ParameterObject, SchemaObject } from 'openapi3-ts/oas31';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { actionBodyUnion } from './action-map';
import { documentGaps } from './openapi-completeness';
import { openApiDocument } from './openapi';
import { operationExamples } from './openapi-examples';
import { appRouter } from './root';
import type { StudioMeta } from './trpc';

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
    const schema = (opOf(d2, 'GET /balance').responses?.['200'] as { content: Record<string, { schema: SchemaObject }> }).content['application/json']?.schema;
    delete (schema?.properties?.credits as SchemaObject).description;
    expect(documentGaps(d2)).toContain('GET /balance 200(application/json).credits: no description');

    const d3 = doc();
    const answer = (opOf(d3, 'GET /balance').responses?.['200'] as { content: Record<string, { example?: unknown }> }).content['application/json'];
    delete answer?.example;
    expect(documentGaps(d3)).toContain('GET /balance: no answer example');

    const d4 = doc();
    for (const p of opOf(d4, 'GET /jobs').parameters as ParameterObject[]) delete p.example;
    expect(documentGaps(d4)).toContain('GET /jobs: no request example');
  });

  it('has a worked example for every operation of the document and none for operations it lacks', () => {
    const d = doc();
    const keys = Object.entries(d.paths ?? {}).flatMap(([path, item]) => Object.keys(item as object).map((m) => `${m.toUpperCase()} ${path}`));
    expect(Object.keys(operationExamples).sort()).toEqual([...keys].sort());
  });

  it("writes examples the procedures' own schemas accept, requests and answers", () => {
    const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: StudioMeta; inputs: z.ZodType[]; output?: z.ZodType } }>;
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

  it('maps error statuses from the kind of operation', () => {
    const d = doc();
    const statuses = (key: string) => Object.keys(opOf(d, key).responses ?? {}).filter((s) => Number(s) >= 400);
    expect(statuses('GET /balance')).toEqual(expect.arrayContaining(['401', '403', '500', '503']));
    expect(statuses('GET /balance')).not.toContain('402');
    expect(statuses('POST /generate')).toEqual(expect.arrayContaining(['400', '401', '402', '403', '413', '415', '429']));
    expect(statuses('GET /social-claims')).not.toContain('401');
    expect(statuses('GET /social-claims')).toContain('404');
    expect(String((opOf(d, 'GET /tenant-pool').responses?.['403'] as { description: string }).description)).toMatch(/member key/);
    expect((opOf(d, 'POST /generate') as Record<string, unknown>)['x-studio-charges']).toBe(true);
    expect((opOf(d, 'GET /balance') as Record<string, unknown>)['x-studio-charges']).toBeUndefined();
  });
});
