import { describe, expect, it } from 'vitest';
import { upstreamUpsertSchema } from '@/contracts/upstreams';
import { GEMINI_VEO_PRESET, VEO_MODELS } from './gemini-veo';

/** What ai.google.dev/gemini-api/docs/video (read 2026-11) says each Veo model makes on the Gemini API. */

describe('the gemini-veo preset', () => {
  it('serves spec tiers at Veo’s own durations, resolutions, frames and sound', () => {
    expect(GEMINI_VEO_PRESET.baseUrls.map((b) => b.url)).toEqual(['https://generativelanguage.googleapis.com']);
    for (const m of GEMINI_VEO_PRESET.models) {
      const veo = VEO_MODELS[m.model];
      expect(m.family).toMatch(/^videomodel-/);
      expect(veo, m.model).toBeDefined();
      expect(m.capabilities.durations).toEqual([4, 6, 8]);
      expect(m.capabilities.duration).toEqual({ min: 4, max: 8 });
      for (const r of m.capabilities.resolutions ?? []) expect(veo?.resolutions).toContain(r);
      expect(m.capabilities.last_frame).toBe(veo?.lastFrame);
      // 1080p at 8 seconds only, where the tier offers 1080p.
      expect(m.capabilities.resolution_durations).toEqual(
        m.capabilities.resolutions?.includes('1080p') ? { '1080p': [8] } : undefined,
      );
      expect(m.capabilities.generate_audio).toBe(true);
    }
    // The pro tier is Veo 3.1: first and last frame.
    expect(GEMINI_VEO_PRESET.models[0]).toMatchObject({
      family: 'videomodel-2-5-pro-260801',
      model: 'veo-3.1-generate-preview',
      capabilities: { first_frame: true, last_frame: true, resolutions: ['720p', '1080p'] },
    });
  });

  it('knows Veo 2 as silent, 5 to 8 seconds at 720p, and only Veo 3.1 as taking a last frame', () => {
    expect(VEO_MODELS['veo-2.0-generate-001']).toMatchObject({
      durations: [5, 6, 7, 8],
      resolutions: ['720p'],
      audio: false,
    });
    expect(
      Object.entries(VEO_MODELS)
        .filter(([, m]) => m.lastFrame)
        .map(([id]) => id),
    ).toEqual(['veo-3.1-generate-preview', 'veo-3.1-fast-generate-preview']);
  });

  it('requires a duration range on every model of the channel', () => {
    const [first] = GEMINI_VEO_PRESET.models;
    if (!first) throw new Error('no model');
    const { duration: _drop, durations: _also, ...rest } = first.capabilities;
    const parsed = upstreamUpsertSchema.safeParse({
      name: 'video-veo-1',
      provider: 'Google',
      adapter: 'gemini-veo',
      base_url: 'https://generativelanguage.googleapis.com',
      api_key: 'k',
      models: [{ ...first, capabilities: rest }],
    });
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual(['models.0.capabilities.duration']);
  });
});
