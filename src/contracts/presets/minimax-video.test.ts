import { describe, expect, it } from 'vitest';
import { upstreamUpsertSchema } from '@/contracts/upstreams';
import { MINIMAX_MODEL_RULES } from '@/contracts/video-offers/minimax-video';
import { minimaxResolution } from '@/server/upstreams/providers/minimax-video/minimax-video-request';
import { MINIMAX_VIDEO_PRESET } from './minimax-video';

describe('the minimax-video preset', () => {
  it('serves spec tiers only at what its model makes, in both regions', () => {
    expect(MINIMAX_VIDEO_PRESET.baseUrls.map((b) => b.url)).toEqual([
      'https://api.minimax.io',
      'https://api.minimaxi.com',
    ]);
    for (const m of MINIMAX_VIDEO_PRESET.models) {
      expect(m.family).toMatch(/^videomodel-/);
      const rule = MINIMAX_MODEL_RULES[m.model];
      if (!rule) throw new Error(`unknown model ${m.model}`);
      for (const r of m.capabilities.resolutions ?? []) {
        expect(rule.modes.t2v).toContain(minimaxResolution(r));
        // 1080P is 6 seconds only (the reference's resolution and duration table).
        if (rule.sixOnly.includes(minimaxResolution(r))) expect(m.capabilities.durations).toEqual([6]);
      }
      for (const d of m.capabilities.durations ?? []) expect(rule.durations).toContain(d);
      if (m.capabilities.last_frame) expect(rule.modes.fl2v).toBeDefined();
      if (m.capabilities.first_frame) expect(rule.modes.i2v).toBeDefined();
    }
  });

  it('needs each video model’s duration range', () => {
    const [first] = MINIMAX_VIDEO_PRESET.models;
    if (!first) throw new Error('no model');
    const parsed = upstreamUpsertSchema.safeParse({
      name: 'video-global-3',
      provider: MINIMAX_VIDEO_PRESET.provider,
      adapter: MINIMAX_VIDEO_PRESET.adapter,
      base_url: MINIMAX_VIDEO_PRESET.baseUrls[0]?.url,
      api_key: 'k',
      models: [{ ...first, capabilities: { resolutions: ['768P'] } }],
    });
    expect(parsed.error?.issues[0]?.path).toEqual(['models', 0, 'capabilities', 'duration']);
  });
});
