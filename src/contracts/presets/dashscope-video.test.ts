import { describe, expect, it } from 'vitest';
import { WAN_LINES } from '@/server/upstreams/providers/dashscope-video/wan-video-models';
import { DASHSCOPE_VIDEO_PRESET } from './dashscope-video';

/** The preset's tiers against what each Wan line makes (the adapter's table of the three references). */
describe('the dashscope-video preset', () => {
  it('serves spec tiers with Wan lines, at durations and resolutions each line’s models make', () => {
    expect(DASHSCOPE_VIDEO_PRESET.baseUrls.map((b) => b.url)).toEqual([
      'https://dashscope-intl.aliyuncs.com',
      'https://dashscope.aliyuncs.com',
    ]);
    for (const m of DASHSCOPE_VIDEO_PRESET.models) {
      expect(m.family).toMatch(/^videomodel-/);
      const line = WAN_LINES[m.model];
      if (!line) throw new Error(`${m.model} is not a Wan line`);
      const caps = m.capabilities;
      const durations = caps.durations ?? [caps.duration?.min];
      const upper = (caps.resolutions ?? []).map((r) => r.toUpperCase());
      for (const side of [line.t2v, ...(caps.first_frame ? [line.i2v] : [])]) {
        for (const d of durations) expect(side.durations, `${side.model} ${d} s`).toContain(d);
        for (const r of upper) expect(side.resolutions, `${side.model} ${r}`).toContain(r);
      }
      if (caps.last_frame) {
        if (!line.kf2v) throw new Error(`${m.model} claims a last frame without a first-and-last-frame model`);
        for (const d of durations) expect(line.kf2v.durations, `${line.kf2v.model} ${d} s`).toContain(d);
        // A last frame exactly at the tier's resolutions its first-and-last-frame model makes: routing knows the rest are refused.
        const kf2v = upper.filter((r) => (line.kf2v?.resolutions as readonly string[]).includes(r));
        expect(kf2v.length, m.model).toBeGreaterThan(0);
        const tails = caps.last_frame_resolutions?.map((r) => r.toUpperCase()) ?? upper;
        expect(tails, m.model).toEqual(kf2v);
      }
      if (caps.generate_audio || caps.reference_audio) expect(line.audio, m.model).toBe(true);
    }
    // At least one tier takes a first and a last frame.
    expect(DASHSCOPE_VIDEO_PRESET.models.some((m) => m.capabilities.last_frame)).toBe(true);
  });
});
