import { describe, expect, it } from 'vitest';
import { upstreamUpsertSchema } from '@/contracts/upstreams';
import { ARK_IMAGES_PRESET } from './ark-images';
import { OPENAI_COMPATIBLE_PRESETS } from './openai-compatible';

describe('the ark-images preset', () => {
  it('reaches the documented image generation URL in each region', () => {
    const urls = ARK_IMAGES_PRESET.baseUrls.map((b) => [b.region, `${b.url}/api/v3/images/generations`]);
    expect(urls).toEqual([
      ['cn-beijing', 'https://ark.cn-beijing.volces.com/api/v3/images/generations'],
      ['ap-southeast', 'https://ark.ap-southeast.bytepluses.com/api/v3/images/generations'],
    ]);
  });

  it.each([ARK_IMAGES_PRESET, ...OPENAI_COMPATIBLE_PRESETS].map((p) => [p.id, p] as const))(
    '%s is a channel the console accepts as it stands',
    (_id, p) => {
      const parsed = upstreamUpsertSchema.safeParse({
        name: `preset-${p.id}`,
        provider: p.provider,
        adapter: p.adapter,
        base_url: p.baseUrls[0]?.url,
        api_key: 'k',
        models: p.models,
      });
      expect(parsed.error?.issues ?? []).toEqual([]);
    },
  );

  it('says which models take references, and none makes transparency', () => {
    const refs = Object.fromEntries(
      ARK_IMAGES_PRESET.models.map((m) => [m.model, m.capabilities.max_reference_images ?? 0]),
    );
    expect(refs).toEqual({
      'doubao-seedream-4-5-251128': 14,
      'doubao-seedream-4-0-250828': 10,
      'doubao-seedream-3-0-t2i-250415': 0,
      'doubao-seededit-3-0-i2i-250628': 1,
    });
    expect(ARK_IMAGES_PRESET.models.some((m) => m.capabilities.transparent_background)).toBe(false);
    // SeedEdit only edits: routing never sends it a job without a reference image.
    expect(
      ARK_IMAGES_PRESET.models.filter((m) => m.capabilities.requires_reference_images).map((m) => m.model),
    ).toEqual(['doubao-seededit-3-0-i2i-250628']);
  });
});
