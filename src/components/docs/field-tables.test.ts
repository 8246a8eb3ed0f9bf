import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { describe, expect, it } from 'vitest';
import { fieldTables } from './field-tables';
import { groupByTag } from './openapi-model';

const doc: OpenAPIObject = {
  openapi: '3.1.0',
  info: { title: 'Studio', version: '1' },
  components: {
    schemas: {
      Balance: {
        type: 'object',
        required: ['credits'],
        properties: {
          credits: { type: 'integer', description: 'Credits left' },
          plan: { enum: ['shared', 'dedicated'] },
        },
      },
    },
  },
  paths: {
    '/balance': {
      get: {
        operationId: 'balance.get',
        tags: ['Credits'],
        responses: {
          '200': {
            description: 'OK',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Balance' } } },
          },
        },
      },
    },
    '/tags': {
      post: {
        operationId: 'tags.set',
        tags: ['Credits'],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { type: 'array', items: { type: 'string' } } } },
        },
        responses: { '204': { description: 'Done' } },
      },
    },
  },
};

describe('fieldTables', () => {
  const [group] = groupByTag(doc);
  const tables = fieldTables(doc, group?.endpoints ?? []);

  it('keys each operation by its anchor, with its answer fields resolved through references', () => {
    expect(Object.keys(tables).sort()).toEqual(['balance-get', 'tags-set']);
    const answer = tables['balance-get']?.response;
    expect(answer?.rows.map((r) => [r.name, r.required])).toEqual([
      ['credits', true],
      ['plan', false],
    ]);
    expect(answer?.rows[1]?.enumValues).toEqual(['shared', 'dedicated']);
    expect(tables['balance-get']?.body).toBeUndefined();
  });

  it('gives a body without fields its type, and no table for an answer without a body', () => {
    const body = tables['tags-set']?.body;
    expect(body?.rows).toEqual([]);
    expect(body?.type).toMatch(/string/);
    expect(tables['tags-set']?.response).toBeUndefined();
  });
});
