import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { UpstreamError } from '@/server/upstreams/types';
import { imagesAnswer } from './openai-images';

const image = randomBytes(3000);
const b64 = image.toString('base64');

describe('imagesAnswer', () => {
  it('decodes the first base64 image and keeps the rest of the answer', () => {
    const bytes = Buffer.from(
      JSON.stringify({
        created: 1,
        data: [{ b64_json: b64, revised_prompt: '一只猫 "quoted"' }],
        usage: { total_tokens: 3 },
      }),
    );
    const { json, image: decoded } = imagesAnswer(bytes);
    expect(decoded?.equals(image)).toBe(true);
    expect(json).toMatchObject({
      created: 1,
      data: [{ revised_prompt: '一只猫 "quoted"' }],
      usage: { total_tokens: 3 },
    });
  });

  it('reads answers laid out otherwise: spaced and indented, slashes escaped, the key first met as a value', () => {
    const spaced = Buffer.from(
      JSON.stringify({ data: [{ b64_json: b64 }] }, null, 2).replace('"b64_json":', '"b64_json" :\n'),
    );
    expect(imagesAnswer(spaced).image?.equals(image)).toBe(true);
    const escaped = Buffer.from(JSON.stringify({ data: [{ b64_json: b64 }] }).replaceAll('/', '\\/'));
    expect(escaped.includes('\\/')).toBe(true);
    expect(imagesAnswer(escaped).image?.equals(image)).toBe(true);
    const asValue = Buffer.from(JSON.stringify({ response_format: 'b64_json', data: [{ b64_json: b64 }] }));
    expect(imagesAnswer(asValue).image?.equals(image)).toBe(true);
  });

  it('takes only the first item’s image, and none when the first has none', () => {
    const second = Buffer.from(
      JSON.stringify({
        meta: { b64_json: randomBytes(30).toString('base64') },
        data: [{ url: 'https://cdn.example/x.png' }],
      }),
    );
    const { json, image: none } = imagesAnswer(second);
    expect(none).toBeNull();
    expect(json.data?.[0]?.url).toBe('https://cdn.example/x.png');
    expect(imagesAnswer(Buffer.from('{"data":[{"b64_json":""}]}')).image).toBeNull();
    const two = Buffer.from(
      JSON.stringify({ data: [{ b64_json: b64 }, { b64_json: randomBytes(30).toString('base64') }] }),
    );
    expect(imagesAnswer(two).image?.equals(image)).toBe(true);
  });

  it('fails as bad output on malformed JSON, also when the image itself was readable', () => {
    for (const text of ['{"data":[{"b64_json":"' + b64 + '"}]', 'not json', '']) {
      let caught: unknown;
      try {
        imagesAnswer(Buffer.from(text));
      } catch (err) {
        caught = err;
      }
      expect(caught).toBeInstanceOf(UpstreamError);
      expect((caught as UpstreamError).errorClass).toBe('bad_output');
    }
  });
});
