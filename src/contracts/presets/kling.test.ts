import { describe, expect, it } from 'vitest';
import { upstreamUpsertSchema } from '@/contracts/upstreams';
import { KLING_PRESET } from './kling';

const body = (api_key: string, models = KLING_PRESET.models) => ({
  name: 'video-sg-2',
  provider: KLING_PRESET.provider,
  adapter: KLING_PRESET.adapter,
  base_url: KLING_PRESET.baseUrls[0]?.url,
  api_key,
  models,
});

describe('the kling preset', () => {
  it('serves spec tiers at Kling’s durations and modes, in both regions', () => {
    expect(KLING_PRESET.baseUrls.map((b) => b.url)).toEqual([
      'https://api-singapore.klingai.com',
      'https://api-beijing.klingai.com',
    ]);
    for (const m of KLING_PRESET.models) {
      expect(m.family).toMatch(/^videomodel-/);
      expect(m.capabilities.duration).toEqual({ min: 5, max: 10 });
      expect(m.capabilities.durations).toEqual([5, 10]);
      // std is 720p and pro 1080p: nothing else.
      for (const r of m.capabilities.resolutions ?? []) expect(['720p', '1080p']).toContain(r);
      // A last frame is taken in pro mode only, so a model offering it must offer 1080p.
      if (m.capabilities.last_frame) {
        expect(m.capabilities.resolutions).toContain('1080p');
        expect(m.capabilities.last_frame_resolutions).toEqual(['1080p']);
      }
    }
  });

  it('refuses a last frame at resolutions the model does not make, or without last_frame', () => {
    const [first] = KLING_PRESET.models;
    if (!first) throw new Error('no model');
    const bad = (caps: object) =>
      upstreamUpsertSchema
        .safeParse(body('a:b', [{ ...first, capabilities: { ...first.capabilities, ...caps } }]))
        .error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(bad({ last_frame_resolutions: ['2k'] })).toEqual([
      ['models.0.capabilities.last_frame_resolutions', '2k is not one of its resolutions'],
    ]);
    expect(bad({ last_frame: false })).toEqual([
      [
        'models.0.capabilities.last_frame_resolutions',
        'a model that takes a last frame at some resolutions must take one: set last_frame too',
      ],
    ]);
    expect(bad({ resolution_durations: { '1080p': [5, 8] } })).toEqual([
      ['models.0.capabilities.resolution_durations.1080p', '8 s are not among its durations'],
    ]);
  });

  it('takes a key pair as the key and refuses a single key with a clear text', () => {
    expect(upstreamUpsertSchema.safeParse(body('AKxyz:SKabc')).error).toBeUndefined();
    for (const bad of ['just-one-key', 'a:b:c', ':secret', 'access:']) {
      const parsed = upstreamUpsertSchema.safeParse(body(bad));
      expect(
        parsed.error?.issues.map((i) => [i.path.join('.'), i.message]),
        bad,
      ).toEqual([['api_key', 'a Kling key is "<access key>:<secret key>", joined by a colon']]);
    }
  });

  it('refuses durations outside the model’s range', () => {
    const [first] = KLING_PRESET.models;
    if (!first) throw new Error('no model');
    const caps = { ...first.capabilities, durations: [5, 10, 15] };
    const parsed = upstreamUpsertSchema.safeParse(body('a:b', [{ ...first, capabilities: caps }]));
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['models.0.capabilities.durations', '15 s lie outside the duration range'],
      ['models.0.capabilities.durations', 'kling-v2-5-turbo makes 5 or 10 seconds, not 15'],
    ]);
  });

  it('needs each video model’s duration range', () => {
    const [first] = KLING_PRESET.models;
    if (!first) throw new Error('no model');
    const parsed = upstreamUpsertSchema.safeParse(body('a:b', [{ ...first, capabilities: { resolutions: ['720p'] } }]));
    expect(parsed.error?.issues[0]?.path).toEqual(['models', 0, 'capabilities', 'duration']);
  });
});
