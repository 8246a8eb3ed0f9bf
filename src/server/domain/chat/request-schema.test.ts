import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import type { SizeRule } from '@/contracts/upstreams';
import { chatMessageSchema } from '@/contracts/chat';
import { parseChat, upstreamBody } from './request';
import { READING_RATIOS } from '@/contracts/reading';
import { outputFormatsOf, ruleAccepts, sizeFor, sizesOf } from '@/server/upstreams/sizes';
import { chatRequestBody } from '@/server/upstreams/providers/openai-chat/openai-chat';
import { imagesRequest } from '@/server/upstreams/providers/openai-images/openai-images';
import type { ImageGeneration, ImageInput } from '@/server/upstreams/providers/types';

/**
 * Every request body the OpenAI adapters build, checked against the request schemas of OpenAI's
 * published OpenAPI document (vendored by scripts/vendor-openai-openapi.ts). A body the document
 * refuses is one OpenAI refuses; the simulator is no proof, as it is only as strict as it was written.
 */

interface Vendored {
  _source: { repository: string; path: string; commit: string; info_version: string };
  components: { schemas: Record<string, Schema> };
}
interface Schema {
  $ref?: string;
  allOf?: Schema[];
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  enum?: unknown[];
}

const doc = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../../../tests/fixtures/openai-openapi/schemas.json'), 'utf8'),
) as Vendored;
const VERSION = doc._source.info_version;
const schemas = doc.components.schemas;

/** Annotations of the document that are not JSON Schema keywords: OpenAPI's own and every `x-` extension. */
function annotations(value: unknown, found = new Set(['example', 'discriminator', 'beta'])): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => annotations(v, found));
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k.startsWith('x-')) found.add(k);
      annotations(v, found);
    }
  }
  return found;
}

/** An absolute URI (RFC 3986: a scheme, then anything the URL parser takes); `data:` URLs are URIs. */
function isUri(text: string): boolean {
  if (!/^[a-z][a-z0-9+.-]*:/i.test(text)) return false;
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The document still writes OpenAPI 3.0's `nullable: true` in places, sometimes without a `type`, which
 * JSON Schema lacks: read as what it means, the schema or null.
 */
function withoutNullable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNullable);
  if (value === null || typeof value !== 'object') return value;
  const { nullable, ...rest } = value as Record<string, unknown>;
  const out = Object.fromEntries(
    Object.entries(rest).map(([k, v]) => [
      k,
      k === 'enum' || k === 'default' || k === 'example' ? v : withoutNullable(v),
    ]),
  );
  return nullable === true ? { anyOf: [out, { type: 'null' }] } : out;
}

function compiler(opts: { coerceTypes?: boolean } = {}): (name: string) => ValidateFunction {
  // OpenAPI 3.1 schemas are JSON Schema 2020-12.
  const ajv = new Ajv2020({ allErrors: true, strictTypes: false, strictTuples: false, strictRequired: false, ...opts });
  // `components` holds the schemas so the document's own `#/components/schemas/...` refs resolve.
  ajv.addVocabulary([...annotations(doc.components), 'components']);
  ajv.addFormat('binary', true);
  ajv.addFormat('uri', isUri);
  ajv.addSchema({ $id: 'openai', components: withoutNullable(doc.components) });
  return (name) =>
    ajv.getSchema(`openai#/components/schemas/${name}`) ??
    (() => {
      throw new Error(`no schema ${name}`);
    })();
}

const json = compiler();
// Multipart fields are strings on the wire; the document types them as it types JSON.
const multipart = compiler({ coerceTypes: true });

function deref(s: Schema): Schema {
  const name = s.$ref?.split('/').pop();
  return name ? deref(schemas[name] ?? {}) : s;
}

/** Top-level property names a request schema declares, through `allOf`. */
function declared(name: string): Set<string> {
  const out = new Set<string>();
  const walk = (s: Schema): void => {
    const r = deref(s);
    r.allOf?.forEach(walk);
    for (const k of Object.keys(r.properties ?? {})) out.add(k);
  };
  walk({ $ref: `#/components/schemas/${name}` });
  return out;
}

/** The enum branch of a property's `anyOf` (the document's known values beside a free string), if any. */
function enumOf(name: string, prop: string): unknown[] | null {
  const p = deref(schemas[name]?.properties?.[prop] ?? {});
  return p.enum ?? p.anyOf?.map(deref).find((b) => b.enum)?.enum ?? null;
}

function problems(validate: ValidateFunction, value: unknown, schemaName: string): string[] {
  const out = validate(value)
    ? []
    : (validate.errors ?? []).map(
        (e: ErrorObject) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`,
      );
  // OpenAI refuses a field its API does not have (400 unknown_parameter); the schemas do not say so.
  const known = declared(schemaName);
  for (const key of Object.keys(value as object))
    if (!known.has(key)) out.push(`/${key} is not a parameter of ${schemaName}`);
  return out;
}

const PNG: ImageInput = { data: Buffer.from('89504e470d0a1a0a', 'hex'), mime: 'image/png', filename: 'ref.png' };
const QUALITIES = ['low', 'medium', 'high', undefined] as const;
const BACKGROUNDS = ['transparent', 'opaque', undefined] as const;
const REFERENCES = [0, 1, 4, 16];

/** What Studio sends for a ratio (domain/jobs/run.ts generateForRatio): the model's size and its parameters. */
function studioRequest(
  model: string,
  ratio: string,
  extra: Omit<ImageGeneration, 'prompt' | 'width' | 'height'>,
): ImageGeneration | null {
  const size = sizeFor(sizesOf({ model, capabilities: {} }), ratio);
  if (!size) return null;
  const png = outputFormatsOf({ model, capabilities: {} }).includes('png');
  return {
    prompt: `a lighthouse, ${ratio}`,
    width: size.width,
    height: size.height,
    outputFormat: png ? 'png' : undefined,
    ...extra,
  };
}

/** The body as the Images API reads it: JSON as is; multipart fields plus the files as `image` / `mask` binaries. */
function wireBody(
  model: string,
  req: ImageGeneration,
): { schema: string; validate: ValidateFunction; body: Record<string, unknown> } {
  const r = imagesRequest(model, req);
  if (r.path === '/v1/images/generations')
    return { schema: 'CreateImageRequest', validate: json('CreateImageRequest'), body: r.json };
  const images = r.files.filter((f) => f.field === 'image[]').map((f) => f.input.data.toString('latin1'));
  const mask = r.files.find((f) => f.field === 'mask');
  const body: Record<string, unknown> = { ...r.fields, image: images };
  if (mask) body.mask = mask.input.data.toString('latin1');
  return { schema: 'CreateImageEditRequest', validate: multipart('CreateImageEditRequest'), body };
}

describe(`OpenAI adapter requests against OpenAI's OpenAPI ${VERSION} (${doc._source.repository}@${doc._source.commit.slice(0, 7)})`, () => {
  it('vendors the request schemas and what they reference', () => {
    for (const name of ['CreateImageRequest', 'CreateImageEditRequest', 'CreateChatCompletionRequest'])
      expect(schemas[name]).toBeDefined();
    expect(doc._source.commit).toMatch(/^[0-9a-f]{40}$/);
  });

  describe('images', () => {
    for (const model of ['gpt-image-1', 'gpt-image-2', 'dall-e-3']) {
      it(`${model}: Studio has a size to send for every reading ratio (cropping what is not exact)`, () => {
        expect(READING_RATIOS.filter((ratio) => !sizeFor(sizesOf({ model, capabilities: {} }), ratio))).toEqual([]);
      });
    }

    for (const model of ['gpt-image-1', 'gpt-image-2']) {
      it(`${model}: every ratio × quality × background × reference count is a valid generation or edit`, () => {
        const spec = sizesOf({ model, capabilities: {} });
        const failures: string[] = [];
        let checked = 0;
        for (const ratio of READING_RATIOS) {
          for (const quality of QUALITIES) {
            for (const background of BACKGROUNDS) {
              for (const count of REFERENCES) {
                const req = studioRequest(model, ratio, {
                  quality,
                  background,
                  referenceImages: Array.from({ length: count }, () => PNG),
                });
                checked += 1;
                if (!req) {
                  failures.push(`${ratio}: no size to send`);
                  continue;
                }
                const { schema, validate, body } = wireBody(model, req);
                expect(schema).toBe(count > 0 ? 'CreateImageEditRequest' : 'CreateImageRequest');
                const size = `${req.width}x${req.height}`;
                if (Array.isArray(spec)) {
                  // The enum the document lists: what a real gpt-image-1 takes, unlike the simulator of old.
                  expect(enumOf(schema, 'size'), `${ratio} → ${size}`).toContain(size);
                } else {
                  expect(
                    ruleAccepts(spec as SizeRule, { width: req.width, height: req.height }),
                    `${ratio} → ${size}`,
                  ).toBe(true);
                }
                for (const p of problems(validate, body, schema))
                  failures.push(`${ratio} q=${quality ?? '-'} bg=${background ?? '-'} refs=${count}: ${p}`);
              }
            }
          }
        }
        expect(checked).toBe(READING_RATIOS.length * QUALITIES.length * BACKGROUNDS.length * REFERENCES.length);
        expect(failures).toEqual([]);
      });
    }

    it('gpt-image-2: the rule Studio applies is the one the document states', () => {
      const rule = sizesOf({ model: 'gpt-image-2', capabilities: {} }) as SizeRule;
      const text = String((schemas.CreateImageRequest?.properties?.size as { description?: string }).description);
      expect(text).toMatch(/divisible by 16/);
      expect(text).toMatch(/between 1:3 and 3:1/);
      expect(text).toMatch(/3840x2160/);
      expect(rule).toMatchObject({ multiple_of: 16, max_aspect: 3 });
      expect(ruleAccepts(rule, { width: 3840, height: 2160 })).toBe(true);
    });

    it('dall-e-3: every ratio is a valid generation with a listed size, no output_format, no quality', () => {
      const failures: string[] = [];
      for (const ratio of READING_RATIOS) {
        const req = studioRequest('dall-e-3', ratio, {});
        if (!req) throw new Error(`dall-e-3 has no size for ${ratio}`);
        const { schema, validate, body } = wireBody('dall-e-3', req);
        expect(schema).toBe('CreateImageRequest');
        expect(enumOf(schema, 'size')).toContain(body.size);
        // The document: output_format is "only supported for the GPT image models"; high/medium/low are theirs too.
        expect(body).not.toHaveProperty('output_format');
        expect(body).not.toHaveProperty('quality');
        failures.push(...problems(validate, body, schema).map((p) => `${ratio}: ${p}`));
      }
      expect(failures).toEqual([]);
    });

    it('a mask travels as the mask file of an edit', () => {
      const req = studioRequest('gpt-image-1', '1:1', { referenceImages: [PNG], mask: PNG });
      if (!req) throw new Error('gpt-image-1 has no size for 1:1');
      const { schema, validate, body } = wireBody('gpt-image-1', req);
      expect(schema).toBe('CreateImageEditRequest');
      expect(body).toHaveProperty('mask');
      expect(problems(validate, body, schema)).toEqual([]);
    });

    it('the check has teeth: a size outside the list and an unknown field are caught', () => {
      expect(enumOf('CreateImageRequest', 'size')).not.toContain('1024x576');
      const req = studioRequest('gpt-image-1', '1:1', { quality: 'high' });
      if (!req) throw new Error('gpt-image-1 has no size for 1:1');
      const { schema, validate, body } = wireBody('gpt-image-1', req);
      expect(problems(validate, { ...body, quality: 'ultra' }, schema)).not.toEqual([]);
      expect(problems(validate, { ...body, seed: 1 }, schema)).toEqual([
        '/seed is not a parameter of CreateImageRequest',
      ]);
    });
  });

  describe('chat', () => {
    const validate = json('CreateChatCompletionRequest');
    const user = (content: unknown) => ({ role: 'user', content });
    const weather = {
      type: 'function',
      function: {
        name: 'get_weather',
        description: 'Weather of a city',
        parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      },
    };
    const png = `data:image/png;base64,${Buffer.from('89504e470d0a1a0a', 'hex').toString('base64')}`;
    const CASES: Record<string, Record<string, unknown>> = {
      plain: {
        messages: [{ role: 'system', content: 'Be brief.' }, user('What is HTTP?')],
        temperature: 0.7,
        max_completion_tokens: 200,
      },
      streamed: { messages: [user('Tell me a story')], stream: true, stream_options: { include_usage: true } },
      'streamed without usage asked': { messages: [user('Tell me a story')], stream: true },
      tools: {
        messages: [user('Weather in Paris?')],
        tools: [weather],
        tool_choice: 'auto',
        parallel_tool_calls: false,
      },
      'named tool': {
        messages: [user('Weather in Paris?')],
        tools: [weather],
        tool_choice: { type: 'function', function: { name: 'get_weather' } },
      },
      'tool results': {
        messages: [
          user('Weather in Paris?'),
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
            ],
          },
          { role: 'tool', tool_call_id: 'call_1', content: '{"temp":21}' },
        ],
        tools: [weather],
      },
      // What LangChain JS sends on a tool agent's second turn: the answer's message as it came, and a
      // tool message with the function's `name`.
      'an answer sent back as it came (LangChain, the OpenAI SDKs)': {
        messages: [
          { role: 'developer', content: [{ type: 'text', text: 'Use tools.' }], name: 'ops' },
          user([{ type: 'text', text: 'Weather in Paris?', prompt_cache_breakpoint: { mode: 'explicit' } }]),
          {
            role: 'assistant',
            content: null,
            refusal: null,
            annotations: [],
            audio: null,
            function_call: null,
            reasoning_content: 'The user wants the weather.',
            tool_calls: [
              { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
            ],
          },
          { role: 'tool', name: 'get_weather', tool_call_id: 'call_1', content: [{ type: 'text', text: '21C' }] },
          {
            role: 'assistant',
            content: 'It is 21C.',
            refusal: null,
            tool_calls: null,
            annotations: [{ type: 'url_citation', url_citation: { url: 'https://example.com', title: 'x' } }],
          },
          user('And yesterday?'),
        ],
        tools: [weather],
      },
      'documented fields of every role': {
        messages: [
          { role: 'system', content: 'Be brief.', name: 'rules' },
          user('Weather?'),
          {
            role: 'assistant',
            content: [{ type: 'refusal', refusal: 'No.' }],
            refusal: 'No.',
            name: 'bot',
            audio: { id: 'audio_1' },
            function_call: { name: 'get_weather', arguments: '{}' },
          },
          { role: 'function', name: 'get_weather', content: null },
          {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: 'call_2', type: 'custom', custom: { name: 'grep', input: 'rain' } }],
          },
          { role: 'tool', tool_call_id: 'call_2', content: 'none' },
        ],
      },
      'json schema': {
        messages: [user('Describe a cat as JSON')],
        response_format: {
          type: 'json_schema',
          json_schema: {
            name: 'cat',
            strict: true,
            schema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
          },
        },
      },
      'json object': { messages: [user('Answer in JSON')], response_format: { type: 'json_object' } },
      'image parts': {
        messages: [
          user([
            { type: 'text', text: 'What is in these?' },
            { type: 'image_url', image_url: { url: png, detail: 'low' } },
            { type: 'image_url', image_url: { url: 'https://example.com/a.jpg' } },
          ]),
        ],
      },
      sampling: {
        messages: [user('hi')],
        top_p: 0.9,
        n: 2,
        stop: ['END'],
        seed: 7,
        presence_penalty: 0.5,
        frequency_penalty: 0.5,
        logprobs: true,
        top_logprobs: 2,
        user: 'u-1',
        metadata: { a: 'b' },
        store: false,
      },
    };

    for (const [label, input] of Object.entries(CASES)) {
      it(`${label}: the body Studio's chat proxy sends is a valid request`, () => {
        const parsed = parseChat({ model: 'auto', provider: 'auto', ...input });
        const body = chatRequestBody('gpt-4.1-mini', upstreamBody(parsed), parsed.stream);
        expect(body).toMatchObject({ model: 'gpt-4.1-mini', stream: parsed.stream });
        if (parsed.stream) expect(body.stream_options).toEqual({ include_usage: true });
        expect(problems(validate, body, 'CreateChatCompletionRequest')).toEqual([]);
        // The document leaves messages open to unknown fields; an upstream of OpenAI's protocol need not be.
        (body.messages as Record<string, unknown>[]).forEach((m, i) => {
          const role = String(m.role);
          const schema = `ChatCompletionRequest${role[0]?.toUpperCase()}${role.slice(1)}Message`;
          expect(problems(json(schema), m, schema), `messages[${i}] (${VERSION})`).toEqual([]);
        });
      });
    }

    it(`accepts every field OpenAI's document (${VERSION}) gives a message of each role`, () => {
      const ROLES = ['developer', 'system', 'user', 'assistant', 'tool', 'function'];
      const choice = deref(schemas.ChatCompletionRequestMessage ?? {}) as Schema & { oneOf?: Schema[] };
      expect(choice.oneOf?.map((s) => s.$ref?.split('/').pop())).toEqual(
        ROLES.map((r) => `ChatCompletionRequest${r[0]?.toUpperCase()}${r.slice(1)}Message`),
      );
      const shape = chatMessageSchema.options.map((o) => [o.shape.role.value, Object.keys(o.shape)] as const);
      for (const role of ROLES) {
        const fields = declared(`ChatCompletionRequest${role[0]?.toUpperCase()}${role.slice(1)}Message`);
        const ours = shape.find(([r]) => r === role)?.[1] ?? [];
        expect(
          [...fields].filter((f) => !ours.includes(f)),
          role,
        ).toEqual([]);
      }
    });

    it('a tool message may name its function; the name is not sent on', () => {
      const parsed = parseChat({
        messages: [user('hi'), { role: 'tool', name: 'get_weather', tool_call_id: 'call_1', content: '21C' }],
      });
      expect(upstreamBody(parsed).messages[1]).toEqual({ role: 'tool', tool_call_id: 'call_1', content: '21C' });
    });

    it('what OpenAI refuses in a message is still refused', () => {
      const refused = (m: Record<string, unknown>) => () => parseChat({ messages: [user('hi'), m] });
      expect(refused({ role: 'assistant', content: 'x', foo: 1 })).toThrow(/messages\[1\]: foo/);
      expect(refused({ role: 'tool', tool_call_id: 'c', content: 'x', refusal: 'no' })).toThrow(/refusal/);
      expect(refused({ role: 'user', content: 'x', annotations: [] })).toThrow(/annotations/);
      expect(refused({ role: 'function', content: 'x' })).toThrow(/name/);
      expect(refused({ role: 'assistant', content: 'x', audio: { id: 'a', data: 'AAAA' } })).toThrow(/data/);
    });

    it('the upstream probe is a valid request that uses no deprecated parameter', () => {
      const body = chatRequestBody(
        'o4-mini',
        { messages: [{ role: 'user', content: 'ping' }], max_completion_tokens: 1 },
        false,
      );
      expect(problems(validate, body, 'CreateChatCompletionRequest')).toEqual([]);
      expect(
        (
          deref(schemas.CreateChatCompletionRequest ?? {}).allOf?.[1]?.properties?.max_tokens as {
            deprecated?: boolean;
          }
        ).deprecated,
      ).toBe(true);
      expect(body).not.toHaveProperty('max_tokens');
    });

    it("Studio's own parameters never reach the provider", () => {
      const parsed = parseChat({ model: 'chatmodel-1', provider: 'sim-chat-a', messages: [user('hi')] });
      const body = chatRequestBody('gpt-4.1-mini', upstreamBody(parsed), false);
      expect(body).not.toHaveProperty('provider');
      expect(problems(validate, { ...body, provider: 'x' }, 'CreateChatCompletionRequest')).toEqual([
        '/provider is not a parameter of CreateChatCompletionRequest',
      ]);
    });
  });
});
