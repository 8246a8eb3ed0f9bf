import { describe, expect, it } from 'vitest';
import type { OperationObject } from 'openapi3-ts/oas31';
import { imageEditFormSchema, imageEditJsonSchema, imageGenerationSchema } from '@/contracts/images';
import { openApiDocument } from './openapi';
import { operationExamples } from './openapi-examples';

describe('the Images API in the OpenAPI document', () => {
  const doc = openApiDocument('https://studio.example.com');
  const post = (path: string) => (doc.paths?.[path] as { post: OperationObject }).post;

  it('writes examples the contracts accept: the JSON bodies and the text fields of the multipart form', () => {
    expect(imageGenerationSchema.safeParse(operationExamples['POST /images/generations']?.body).error).toBeUndefined();
    const edit = operationExamples['POST /images/edits'];
    expect(imageEditJsonSchema.safeParse(edit?.body).error).toBeUndefined();
    const { image: file, ...fields } = edit?.form ?? {};
    expect(file).toMatch(/^@/);
    expect(imageEditFormSchema.safeParse(fields).error).toBeUndefined();
  });

  it('lists the statuses the operations answer, the deadline’s with the pending jobs', () => {
    for (const path of ['/images/generations', '/images/edits']) {
      const op = post(path);
      for (const status of ['200', '400', '401', '402', '403', '404', '409', '413', '415', '429', '503', '504'])
        expect(Object.keys(op.responses ?? {}), `${path} ${status}`).toContain(status);
      expect(JSON.stringify(op.responses?.['504'])).toContain('#/components/schemas/ImagesPending');
      expect(JSON.stringify(op.responses?.['400'])).toContain('#/components/schemas/OpenAIError');
    }
    expect(Object.keys((post('/images/edits').requestBody as { content: object }).content)).toEqual([
      'multipart/form-data',
      'application/json',
    ]);
  });
});
