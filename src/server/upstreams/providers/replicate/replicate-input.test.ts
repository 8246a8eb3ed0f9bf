import { describe, expect, it } from 'vitest';
import { REPLICATE_PRESET_MODELS } from '@/contracts/presets/replicate';
import { sizeFor } from '@/server/upstreams/sizes';
import { nearestRatio, predictionInput, predictionRequest } from './replicate-input';

/** The input each known model gets for a size Studio chose (docs/routing.md → Replicate). */

const ref = { data: Buffer.from('x'), mime: 'image/png', filename: 'r.png' };
const gen = (width: number, height: number) => ({ prompt: 'p', width, height });

describe('the Replicate input mapping', () => {
  it('sends the aspect_ratio of the size Studio chose from each preset model’s sizes, for every ratio', () => {
    for (const m of REPLICATE_PRESET_MODELS) {
      for (const ratio of ['1:1', '16:9', '9:16', '3:4', '21:9']) {
        const size = sizeFor(m.capabilities.sizes ?? [], ratio);
        if (!size) throw new Error(`${m.model} has no size for ${ratio}`);
        const input = predictionInput(m.model, gen(size.width, size.height));
        if ('aspect_ratio' in input && input.aspect_ratio !== 'custom') {
          const [a, b] = String(input.aspect_ratio).split(':').map(Number) as [number, number];
          expect(Math.abs(Math.log(a / b) - Math.log(size.width / size.height)), `${m.model} ${ratio}`).toBeLessThan(
            0.1,
          );
        } else expect([input.width, input.height]).toEqual([size.width, size.height]);
      }
    }
  });

  it('maps the fields each model documents', () => {
    expect(predictionInput('black-forest-labs/flux-schnell', gen(1344, 768))).toEqual({
      prompt: 'p',
      aspect_ratio: '16:9',
      output_format: 'png',
      num_outputs: 1,
    });
    expect(predictionInput('black-forest-labs/flux-1.1-pro', { ...gen(1440, 800), outputFormat: 'jpeg' })).toEqual({
      prompt: 'p',
      aspect_ratio: 'custom',
      width: 1440,
      height: 800,
      output_format: 'jpg',
    });
    expect(
      predictionInput('black-forest-labs/flux-kontext-pro', { ...gen(1024, 1024), referenceImages: [ref] }),
    ).toMatchObject({
      input_image: 'data:image/png;base64,eA==',
    });
    expect(predictionInput('bytedance/seedream-4', { ...gen(2048, 1024), referenceImages: [ref, ref] })).toEqual({
      prompt: 'p',
      size: 'custom',
      width: 2048,
      height: 1024,
      image_input: ['data:image/png;base64,eA==', 'data:image/png;base64,eA=='],
      max_images: 1,
      sequential_image_generation: 'disabled',
    });
    expect(predictionInput('someone/other', gen(1000, 1500))).toEqual({ prompt: 'p', aspect_ratio: '2:3' });
  });

  it('refuses references a model does not take, and picks the path by model id', () => {
    expect(() => predictionInput('qwen/qwen-image', { ...gen(1024, 1024), referenceImages: [ref] })).toThrow(
      expect.objectContaining({ errorClass: 'unsupported' }),
    );
    expect(() =>
      predictionInput('black-forest-labs/flux-kontext-pro', { ...gen(1024, 1024), referenceImages: [ref, ref] }),
    ).toThrow(expect.objectContaining({ errorClass: 'unsupported' }));
    expect(predictionRequest('google/nano-banana', gen(1024, 1024)).path).toBe(
      '/v1/models/google/nano-banana/predictions',
    );
    expect(predictionRequest('a/b:abc', gen(1024, 1024))).toMatchObject({
      path: '/v1/predictions',
      body: { version: 'abc' },
    });
    expect(nearestRatio(1000, 1000, ['16:9', '1:1'])).toBe('1:1');
  });
});
