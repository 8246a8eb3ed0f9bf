import { describe, expect, it } from 'vitest';
import en from '../../../messages/en.json';
import zh from '../../../messages/zh-CN.json';
import { adapterKinds, upstreamUpsertSchema } from '@/contracts/upstreams';
import { CHANNEL_PRESETS, presetsOf } from './index';

const catalogues = { en: en.operatorUpstreams, 'zh-CN': zh.operatorUpstreams } as const;

describe('channel presets', () => {
  it.each(CHANNEL_PRESETS.flatMap((p) => p.baseUrls.map((b) => [p.id, b.region, p, b.url] as const)))(
    '%s in %s is a valid channel with all its models',
    (id, _region, preset, url) => {
      const body = {
        name: `preset-${id}`,
        provider: preset.provider,
        adapter: preset.adapter,
        base_url: url,
        // Kling's key is a key pair.
        api_key: preset.adapter === 'kling' ? 'ak:sk' : 'k',
        models: preset.models,
      };
      const parsed = upstreamUpsertSchema.safeParse(body);
      expect(parsed.error?.issues ?? []).toEqual([]);
      // Nothing of a preset's model is dropped or defaulted on the way in.
      expect(parsed.data?.models).toEqual(preset.models);
    },
  );

  it('has unique ids, at least one address and one model each, and names in both catalogues', () => {
    const ids = CHANNEL_PRESETS.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of CHANNEL_PRESETS) {
      expect(p.baseUrls.length, p.id).toBeGreaterThan(0);
      expect(p.models.length, p.id).toBeGreaterThan(0);
      expect(p.id).toMatch(/^[a-z0-9-]+$/);
      expect(p.reference).toMatch(/^https:\/\//);
      for (const [locale, t] of Object.entries(catalogues)) {
        expect((t.presets as Record<string, string>)[p.id], `${locale} preset ${p.id}`).toBeTruthy();
        for (const b of p.baseUrls)
          expect((t.regions as Record<string, string>)[b.region], `${locale} region ${b.region}`).toBeTruthy();
      }
    }
  });

  it('names every protocol in both catalogues, and groups presets by protocol', () => {
    for (const a of adapterKinds) {
      expect((catalogues.en.adapters as Record<string, string>)[a], a).toBeTruthy();
      expect((catalogues['zh-CN'].adapters as Record<string, string>)[a], a).toBeTruthy();
      for (const p of presetsOf(a)) expect(p.adapter).toBe(a);
    }
    expect(adapterKinds.flatMap((a) => presetsOf(a)).length).toBe(CHANNEL_PRESETS.length);
  });

  it('a model whose media the protocol does not carry is refused, so the check above can fail', () => {
    const [preset] = CHANNEL_PRESETS;
    expect(preset).toBeDefined();
    if (!preset) return;
    const bad = { ...preset.models[0], media: ['video'] };
    const parsed = upstreamUpsertSchema.safeParse({
      name: 'preset-bad',
      provider: preset.provider,
      adapter: preset.adapter === 'ark-video' ? 'openai-chat' : preset.adapter,
      base_url: preset.baseUrls[0]?.url,
      api_key: 'k',
      models: [bad],
    });
    expect(parsed.success).toBe(false);
  });

  it('refuses an edit-only model that does not take reference images (the flags contradict each other)', () => {
    const parsed = upstreamUpsertSchema.safeParse({
      name: 'edit-bad',
      provider: 'p',
      adapter: 'dashscope',
      base_url: 'https://dashscope.aliyuncs.com',
      api_key: 'k',
      models: [{ family: 'f', model: 'm', media: ['image'], capabilities: { requires_reference_images: true } }],
    });
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      [
        'models.0.capabilities.requires_reference_images',
        'a model that needs reference images must take them: set reference_images too',
      ],
    ]);
  });
});
