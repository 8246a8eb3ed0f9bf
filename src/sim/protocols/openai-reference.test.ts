import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHAT_PARAMS } from './chat-params';
import { FIXED_IMAGE_SIZES } from '@/sim/channels';
import { EDIT_PARAMS, GENERATION_PARAMS } from './images-params';

/**
 * The simulator's lists of known parameters are OpenAI's: checked against the request schemas of the
 * vendored OpenAPI document (tests/fixtures/openai-openapi, see scripts/vendor-openai-openapi.ts), so
 * a new document version that adds or drops a parameter shows here.
 */

interface Schema {
  $ref?: string;
  allOf?: Schema[];
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  enum?: string[];
}
const doc = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../../tests/fixtures/openai-openapi/schemas.json'), 'utf8'),
) as {
  _source: { info_version: string };
  components: { schemas: Record<string, Schema> };
};
const schemas = doc.components.schemas;

function properties(name: string): string[] {
  const out: string[] = [];
  const walk = (s: Schema | undefined): void => {
    if (!s) return;
    if (s.$ref) return walk(schemas[s.$ref.split('/').pop() ?? '']);
    s.allOf?.forEach(walk);
    out.push(...Object.keys(s.properties ?? {}));
  };
  walk(schemas[name]);
  return [...new Set(out)].sort();
}

describe(`simulator parameters against OpenAI's OpenAPI ${doc._source.info_version}`, () => {
  it('images: generations and edits know exactly the fields of the request schemas', () => {
    expect([...GENERATION_PARAMS].sort()).toEqual(properties('CreateImageRequest'));
    // `image[]` is the multipart spelling of the `image` array.
    expect(EDIT_PARAMS.filter((p) => p !== 'image[]').sort()).toEqual(properties('CreateImageEditRequest'));
  });

  it('chat: completions know exactly the fields of CreateChatCompletionRequest', () => {
    expect([...CHAT_PARAMS].sort()).toEqual(properties('CreateChatCompletionRequest'));
  });

  it("gpt-image-1's sizes are among the document's listed sizes", () => {
    const size = schemas.CreateImageRequest?.properties?.size;
    const listed = size?.anyOf?.find((b) => b.enum)?.enum ?? [];
    for (const s of [...FIXED_IMAGE_SIZES, 'auto']) expect(listed).toContain(s);
  });
});
