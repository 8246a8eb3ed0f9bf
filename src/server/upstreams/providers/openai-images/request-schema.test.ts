import type { ValidateFunction } from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import type { SizeRule } from '@/contracts/upstreams';
import { READING_RATIOS } from '@/contracts/reading';
import { outputFormatsOf, ruleAccepts, sizeFor, sizesOf } from '@/server/upstreams/sizes';
import { imagesRequest } from '@/server/upstreams/providers/openai-images/openai-images';
import type { ImageGeneration, ImageInput } from '@/server/upstreams/providers/types';
import {
  doc,
  enumOf,
  json,
  multipart,
  problems,
  schemas,
  VERSION,
} from '../../../../../tests/helpers/openai-request-schemas';

/**
 * Every request body the OpenAI Images adapter builds, checked against the request schemas of OpenAI's
 * published OpenAPI document (tests/helpers/openai-request-schemas.ts). A body the document refuses is
 * one OpenAI refuses; the simulator is no proof, as it is only as strict as it was written.
 */

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

describe(`OpenAI Images adapter requests against OpenAI's OpenAPI ${VERSION} (${doc._source.repository}@${doc._source.commit.slice(0, 7)})`, () => {
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
});
