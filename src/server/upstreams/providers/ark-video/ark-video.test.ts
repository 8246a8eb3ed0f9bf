import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { SIM_CHANNELS, type SimVideoChannel } from '@/sim/channels';
import { taskFailureClass, videoTaskBody } from './ark-video';
import type { VideoTaskRequest } from '@/server/upstreams/providers/types';

/**
 * Every task creation body the Ark adapter builds, checked against a JSON Schema of Ark's request
 * written from its API reference (tests/fixtures/ark/create-task.schema.json names the page and date).
 * The simulator is no proof: it is only as strict as it was written.
 */

const schema = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../../../../tests/fixtures/ark/create-task.schema.json'), 'utf8'),
) as object;
const validate = new Ajv2020({ allErrors: true, strict: true }).compile(schema);

const MODEL = 'doubao-seedance-2-0-260128';
const img = (n: number) => Array.from({ length: n }, (_, i) => `https://studio.test/files/t/uploads/img-${i}.png`);
const base: VideoTaskRequest = {
  prompt: '海边日落 a sunset over the sea',
  duration: 5,
  ratio: '16:9',
  resolution: '720p',
  returnLastFrame: true,
};

function expectValid(body: Record<string, unknown>, what: string): void {
  const ok = validate(body);
  expect(ok, `${what}: ${JSON.stringify(validate.errors)}`).toBe(true);
}

describe("the Ark adapter's task creation body", () => {
  const cases: [string, VideoTaskRequest][] = [
    ['prompt only', { prompt: 'a cat', duration: 5 }],
    ['prompt with ratio, resolution and last frame', base],
    ['first frame', { ...base, images: img(1) }],
    ['first and last frame', { ...base, images: img(2) }],
    ['3 reference images', { ...base, images: img(3) }],
    ['9 reference images', { ...base, images: img(9) }],
    ['reference video', { ...base, videos: ['https://studio.test/files/t/uploads/v.mp4'] }],
    [
      'reference audio with an image',
      { ...base, images: img(3), audios: ['https://studio.test/files/t/uploads/a.mp3'] },
    ],
    [
      'reference video and audio',
      {
        ...base,
        videos: ['https://studio.test/v.mp4'],
        audios: ['https://studio.test/a.mp3', 'https://studio.test/b.wav'],
      },
    ],
    ['generate_audio', { ...base, generateAudio: true }],
    ['generate_audio off', { ...base, generateAudio: false }],
  ];
  for (const [what, req] of cases) {
    it(`matches Ark's request schema: ${what}`, () => expectValid(videoTaskBody(MODEL, req), what));
  }

  it("matches it for every ratio and every Ark resolution, at each tier's duration bounds", () => {
    for (const ratio of ['16:9', '4:3', '1:1', '3:4', '9:16', '21:9', 'adaptive']) {
      for (const resolution of ['480p', '720p', '1080p', '4k']) {
        for (const duration of [4, 15, 30])
          expectValid(
            videoTaskBody(MODEL, { prompt: 'x', ratio, resolution, duration }),
            `${ratio} ${resolution} ${duration}s`,
          );
      }
    }
  });

  it('sends duration, ratio and resolution as top-level fields and the prompt verbatim (no --flags)', () => {
    const body = videoTaskBody(MODEL, { ...base, images: img(2), generateAudio: true });
    expect(body).toEqual({
      model: MODEL,
      content: [
        { type: 'text', text: base.prompt },
        { type: 'image_url', image_url: { url: img(2)[0] }, role: 'first_frame' },
        { type: 'image_url', image_url: { url: img(2)[1] }, role: 'last_frame' },
      ],
      duration: 5,
      ratio: '16:9',
      resolution: '720p',
      generate_audio: true,
      return_last_frame: true,
    });
  });

  it("accepts the simulator tiers' ratios and resolutions where Ark documents them; 768P and 2K are not Ark's", () => {
    const tiers = SIM_CHANNELS.filter((c): c is SimVideoChannel => c.adapter === 'ark-video').flatMap(
      (c) => c.capabilities.tiers,
    );
    const notArk = new Set<string>();
    for (const tier of tiers) {
      for (const resolution of tier.resolutions) {
        for (const ratio of tier.ratios) {
          const body = videoTaskBody(tier.model, { prompt: 'x', duration: tier.durationSec.min, ratio, resolution });
          if (validate(body)) continue;
          notArk.add(resolution);
          expect(validate.errors?.map((e) => e.instancePath)).toEqual(['/resolution']);
        }
      }
    }
    // The H3 tier takes MiniMax-style resolutions: a real Ark endpoint would refuse them.
    expect([...notArk].sort()).toEqual(['2K', '768P']);
  });

  it('is checked by a schema that refuses what Ark refuses', () => {
    const bad: [string, Record<string, unknown>][] = [
      ['an unknown field', { ...videoTaskBody(MODEL, base), fps: 24 }],
      ['a string duration', { ...videoTaskBody(MODEL, base), duration: '5' }],
      ['an unknown content type', { model: MODEL, content: [{ type: 'image', url: 'https://x.test/a.png' }] }],
      [
        'a last frame without a first frame',
        {
          model: MODEL,
          content: [{ type: 'image_url', image_url: { url: 'https://x.test/a.png' }, role: 'last_frame' }],
        },
      ],
      [
        'frames mixed with references',
        videoTaskBody(MODEL, { ...base, images: img(1), videos: ['https://x.test/v.mp4'] }),
      ],
      ['audio as the only reference', videoTaskBody(MODEL, { ...base, audios: ['https://x.test/a.mp3'] })],
      ['10 reference images', videoTaskBody(MODEL, { ...base, images: img(10) })],
    ];
    for (const [what, body] of bad) expect(validate(body), what).toBe(false);
  });
});

describe('the class of a failed task code', () => {
  it("reads Ark's codes, with or without a detail suffix", () => {
    expect(taskFailureClass('OutputVideoSensitiveContentDetected')).toBe('refused');
    expect(taskFailureClass('OutputVideoSensitiveContentDetected.PolicyViolation')).toBe('refused');
    expect(taskFailureClass('InputImageSensitiveContentDetected.SomethingNew')).toBe('refused');
    expect(taskFailureClass('InputTextRiskDetection')).toBe('refused');
    expect(taskFailureClass('InvalidParameter')).toBe('bad_request');
    expect(taskFailureClass('InvalidParameter.Duration')).toBe('bad_request');
    expect(taskFailureClass('QuotaExceeded')).toBe('rate_limit');
    expect(taskFailureClass('InternalServiceError')).toBe('server_error');
    expect(taskFailureClass('SomethingUnheardOf')).toBeUndefined();
  });
});
