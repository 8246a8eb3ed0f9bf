import { describe, expect, it } from 'vitest';
import { upstreamUpsertSchema } from '@/contracts/upstreams';
import { sizeFor } from '@/server/upstreams/sizes';
import { DASHSCOPE_PRESET } from './dashscope';

describe('the dashscope preset', () => {
  it('is a valid channel in each region, and every model has a size for the common ratios', () => {
    for (const { url } of DASHSCOPE_PRESET.baseUrls) {
      const parsed = upstreamUpsertSchema.safeParse({
        name: 'img-cn-1',
        provider: DASHSCOPE_PRESET.provider,
        adapter: DASHSCOPE_PRESET.adapter,
        base_url: url,
        api_key: 'sk-x',
        models: DASHSCOPE_PRESET.models,
      });
      expect(parsed.error).toBeUndefined();
    }
    expect(DASHSCOPE_PRESET.baseUrls.map((b) => b.region)).toEqual(['cn-beijing', 'singapore']);
    for (const m of DASHSCOPE_PRESET.models)
      for (const ratio of ['1:1', '16:9', '3:4'])
        expect(sizeFor(m.capabilities.sizes ?? [], ratio), `${m.model} ${ratio}`).not.toBeNull();
    // Wan 2.2: sides 512-1440; the 16:9 size it gets stays within them.
    const wan = DASHSCOPE_PRESET.models.find((m) => m.model === 'wan2.2-t2i-flash');
    const size = sizeFor(wan?.capabilities.sizes ?? [], '16:9');
    expect(Math.max(size?.width ?? 0, size?.height ?? 0)).toBeLessThanOrEqual(1440);
    expect(Math.min(size?.width ?? 0, size?.height ?? 0)).toBeGreaterThanOrEqual(512);
  });
});
