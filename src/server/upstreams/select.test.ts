import { describe, expect, it } from 'vitest';
import { planRoute, PROBE_SHARE, weightedOrder, type Candidate, type CandidateUpstream, type Plan } from './select';
import type { UpstreamModel } from './types';
import { mulberry32 } from '@/lib/random';

/** Deterministic random source. */
const seeded = mulberry32;

const img = (family: string, caps: UpstreamModel['capabilities'] = {}): UpstreamModel => ({
  family,
  model: family,
  media: ['image'],
  cost_usd: 0.04,
  capabilities: { reference_images: true, qualities: ['low', 'medium', 'high'], ...caps },
});

function up(name: string, models: UpstreamModel[], over: Partial<CandidateUpstream> = {}): CandidateUpstream {
  return {
    id: `id-${name}`,
    name,
    provider: `prov-${name}`,
    enabled: true,
    removed: false,
    models,
    weight: 1,
    ...over,
  };
}

const fleet = (): CandidateUpstream[] => [
  up('alpha', [img('fam-1', { transparent_background: true })], { weight: 0.6 }),
  up('beta', [img('fam-1')], { weight: 0.3 }),
  up('gamma', [img('fam-2', { qualities: [] })], { weight: 0.1 }),
  up('chat-a', [
    { family: 'chat-1', model: 'c1', media: ['chat', 'vision'], cost_usd: 0, capabilities: { vision: true } },
  ]),
];

const ok = (p: ReturnType<typeof planRoute>): Plan => {
  if ('kind' in p) throw new Error(p.message);
  return p;
};
const names = (chain: Candidate[]) => chain.map((c) => c.upstream.name);

describe('weighted random selection', () => {
  it('picks upstreams in proportion to their weights (seeded, within tolerance)', () => {
    const random = seeded(42);
    const counts = new Map<string, number>();
    const runs = 20_000;
    for (let i = 0; i < runs; i++) {
      const first = ok(planRoute(fleet(), { media: 'image', needs: {} }, random)).chain[0];
      counts.set(first?.upstream.name ?? '', (counts.get(first?.upstream.name ?? '') ?? 0) + 1);
    }
    expect((counts.get('alpha') ?? 0) / runs).toBeCloseTo(0.6, 1);
    expect((counts.get('beta') ?? 0) / runs).toBeCloseTo(0.3, 1);
    expect((counts.get('gamma') ?? 0) / runs).toBeCloseTo(0.1, 1);
    expect(Math.abs((counts.get('alpha') ?? 0) / runs - 0.6)).toBeLessThan(0.02);
  });

  it('keeps a probe share for an upstream whose weight collapsed', () => {
    const random = seeded(7);
    const cands = [up('good', [img('f')], { weight: 1 }), up('lagging', [img('f')], { weight: 0 })].map((u) => ({
      upstream: u,
      model: u.models[0] as UpstreamModel,
    }));
    let lagging = 0;
    const runs = 20_000;
    for (let i = 0; i < runs; i++) if (weightedOrder(cands, random)[0]?.upstream.name === 'lagging') lagging++;
    const expected = PROBE_SHARE / (1 + PROBE_SHARE);
    expect(lagging / runs).toBeGreaterThan(expected * 0.7);
    expect(lagging / runs).toBeLessThan(expected * 1.3);
  });
});

describe('route planning', () => {
  it('keeps image fallback inside the family of the first choice', () => {
    for (let seed = 0; seed < 50; seed++) {
      const plan = ok(planRoute(fleet(), { media: 'image', needs: {} }, seeded(seed)));
      const family = plan.chain[0]?.model.family;
      expect(plan.chain.every((c) => c.model.family === family)).toBe(true);
      expect(plan.locked).toBe(false);
    }
  });

  it('a family name rotates among that family only', () => {
    const plan = ok(planRoute(fleet(), { media: 'image', model: 'fam-1', needs: {} }, seeded(1)));
    expect(names(plan.chain).sort()).toEqual(['alpha', 'beta']);
  });

  it('a channel name locks one provider with no fallback', () => {
    const plan = ok(planRoute(fleet(), { media: 'image', model: 'beta', needs: {} }, seeded(1)));
    expect(names(plan.chain)).toEqual(['beta']);
    expect(plan.locked).toBe(true);
  });

  it('a provider name bypasses scoring and fallback', () => {
    const fl = fleet();
    const plan = ok(planRoute(fl, { media: 'image', provider: 'prov-gamma', needs: {} }, seeded(1)));
    expect(names(plan.chain)).toEqual(['gamma']);
    expect(plan.locked).toBe(true);
  });

  it('`auto` and no model mean every upstream', () => {
    const seen = new Set<string>();
    const random = seeded(3);
    for (let i = 0; i < 500; i++)
      seen.add(
        ok(planRoute(fleet(), { media: 'image', model: 'auto', needs: {} }, random)).chain[0]?.upstream.name ?? '',
      );
    expect([...seen].sort()).toEqual(['alpha', 'beta', 'gamma']);
  });

  it('filters by capability first and refuses with a 400-style reason naming it', () => {
    const plan = ok(planRoute(fleet(), { media: 'image', needs: { transparentBackground: true } }, seeded(1)));
    expect(names(plan.chain)).toEqual(['alpha']);

    const mask = planRoute(fleet(), { media: 'image', needs: { mask: true } });
    expect(mask).toMatchObject({ kind: 'unsupported', missing: ['mask repaint'] });
    expect((mask as { message: string }).message).toMatch(/No upstream currently available for mask repaint/);
    expect((mask as { message: string }).message).toMatch(/Retrying will not help/);

    const transparentFam2 = planRoute(fleet(), {
      media: 'image',
      model: 'fam-2',
      needs: { transparentBackground: true },
    });
    expect(transparentFam2).toMatchObject({ kind: 'unsupported', missing: ['transparent background'] });

    const quality = planRoute(fleet(), { media: 'image', model: 'gamma', needs: { quality: 'low' } });
    expect(quality).toMatchObject({ kind: 'unsupported', missing: ['quality level'] });
  });

  it('never sends a job without references to an edit-only model, and refuses a family that only edits', () => {
    const edit = img('fam-1', { max_reference_images: 1, requires_reference_images: true });
    const fl = [...fleet(), up('editor', [edit], { weight: 100 }), up('editor-2', [{ ...edit, family: 'edit-only' }])];
    // Prompt-only: the heavy edit channel of fam-1 is never chosen nor a fallback.
    for (let seed = 0; seed < 50; seed++) {
      const plan = ok(
        planRoute(fl, { media: 'image', model: 'fam-1', needs: { withoutReferences: true } }, seeded(seed)),
      );
      expect(names(plan.chain).sort()).toEqual(['alpha', 'beta']);
    }
    // With a reference image it is a candidate again (and, weighing most, usually first).
    const withRef = ok(planRoute(fl, { media: 'image', model: 'fam-1', needs: { referenceImages: 1 } }, seeded(3)));
    expect(names(withRef.chain)).toContain('editor');
    // A family (or channel) that only edits: the capability 400, never a downgrade to another family.
    for (const model of ['edit-only', 'editor-2']) {
      const refused = planRoute(fl, { media: 'image', model, needs: { withoutReferences: true } });
      expect(refused).toMatchObject({ kind: 'unsupported', missing: ['an image without reference images'] });
      expect((refused as { message: string }).message).toBe(
        `No upstream currently available for an image without reference images with model "${model}". ` +
          'Retrying will not help: change the parameters or wait until it is supported.',
      );
    }
    expect(
      ok(planRoute(fl, { media: 'image', model: 'edit-only', needs: { referenceImages: 1 } })).first.upstream.name,
    ).toBe('editor-2');
  });

  it('never silently drops a capability: a removed capable upstream makes the request unavailable, not plain', () => {
    const fl = fleet().map((u) => (u.name === 'alpha' ? { ...u, removed: true } : u));
    expect(planRoute(fl, { media: 'image', needs: { transparentBackground: true } })).toMatchObject({
      kind: 'unavailable',
    });
  });

  it('a capability the operator switched off everywhere is a 400 naming it; nothing enabled at all is a 503', () => {
    const alphaOff = fleet().map((u) => (u.name === 'alpha' ? { ...u, enabled: false } : u));
    const transparent = planRoute(alphaOff, { media: 'image', needs: { transparentBackground: true } });
    expect(transparent).toMatchObject({ kind: 'unsupported', missing: ['transparent background'] });
    expect((transparent as { message: string }).message).toMatch(
      /^No upstream currently available for transparent background\. Retrying will not help/,
    );
    // Within a family, and with the plain request still served by what is left.
    expect(
      planRoute(alphaOff, { media: 'image', model: 'fam-1', needs: { transparentBackground: true } }),
    ).toMatchObject({ kind: 'unsupported' });
    expect(names(ok(planRoute(alphaOff, { media: 'image', model: 'fam-1', needs: {} }, seeded(1))).chain)).toEqual([
      'beta',
    ]);

    const imagesOff = fleet().map((u) => (u.name === 'chat-a' ? u : { ...u, enabled: false }));
    for (const needs of [{}, { transparentBackground: true }]) {
      expect(planRoute(imagesOff, { media: 'image', needs })).toMatchObject({
        kind: 'unavailable',
        message: 'No image upstream is available right now; retry in a few minutes',
      });
    }
    // What no configured upstream has stays a 400, even while everything is switched off.
    expect(planRoute(imagesOff, { media: 'image', needs: { mask: true } })).toMatchObject({
      kind: 'unsupported',
      missing: ['mask repaint'],
    });
    // Enabled but removed automatically (a probe restores it): waiting helps, so 503.
    const alphaRemovedBetaOff = fleet().map((u) =>
      u.name === 'alpha' ? { ...u, removed: true } : u.name === 'beta' ? { ...u, enabled: false } : u,
    );
    expect(planRoute(alphaRemovedBetaOff, { media: 'image', needs: { transparentBackground: true } })).toMatchObject({
      kind: 'unavailable',
    });
  });

  it('filters out disabled and removed upstreams before selection', () => {
    const fl = fleet().map((u) =>
      u.name === 'alpha' ? { ...u, enabled: false } : u.name === 'beta' ? { ...u, removed: true } : u,
    );
    for (let seed = 0; seed < 20; seed++) {
      expect(names(ok(planRoute(fl, { media: 'image', needs: {} }, seeded(seed))).chain)).toEqual(['gamma']);
    }
  });

  it('binds a tenant to a family or a channel', () => {
    const famBound = ok(planRoute(fleet(), { media: 'image', binding: 'fam-1', needs: {} }, seeded(2)));
    expect(names(famBound.chain).every((n) => n === 'alpha' || n === 'beta')).toBe(true);
    const chanBound = ok(planRoute(fleet(), { media: 'image', binding: 'beta', needs: {} }, seeded(2)));
    expect(names(chanBound.chain)).toEqual(['beta']);
    // A bound tenant cannot escape its binding with `model`.
    expect(planRoute(fleet(), { media: 'image', binding: 'fam-1', model: 'fam-2', needs: {} })).toMatchObject({
      kind: 'unknown_model',
    });
  });

  it('rejects an unknown model and keeps media apart', () => {
    expect(planRoute(fleet(), { media: 'image', model: 'nope', needs: {} })).toMatchObject({ kind: 'unknown_model' });
    expect(planRoute(fleet(), { media: 'image', model: 'chat-1', needs: {} })).toMatchObject({ kind: 'unknown_model' });
    expect(names(ok(planRoute(fleet(), { media: 'vision', needs: { vision: true } })).chain)).toEqual(['chat-a']);
  });

  it('filters video tiers by duration and resolution and falls back within the tier', () => {
    const tier = (alias: string): UpstreamModel => ({
      family: 'tier-pro',
      model: alias,
      media: ['video'],
      cost_usd: 0.05,
      capabilities: { duration: { min: 4, max: 15 }, resolutions: ['480p'] },
    });
    const vids = [up('va', [tier('a1')]), up('vb', [tier('b1')])];
    const plan = ok(
      planRoute(vids, { media: 'video', model: 'tier-pro', needs: { duration: 10, resolution: '480p' } }, seeded(5)),
    );
    expect(names(plan.chain).sort()).toEqual(['va', 'vb']);
    expect(plan.chain.map((c) => c.model.model).sort()).toEqual(['a1', 'b1']);
    expect(planRoute(vids, { media: 'video', needs: { duration: 20 } })).toMatchObject({
      kind: 'unsupported',
      missing: ['duration'],
    });
  });

  it('sends a video only to a channel that makes its exact duration when the model lists its durations (Kling: 5, 10)', () => {
    const kling: UpstreamModel = {
      family: 'tier-pro',
      model: 'kling-v2-5-turbo',
      media: ['video'],
      cost_usd: 0.07,
      capabilities: { duration: { min: 5, max: 10 }, durations: [5, 10], resolutions: ['480p'] },
    };
    const ark: UpstreamModel = {
      ...kling,
      model: 'a1',
      capabilities: { duration: { min: 4, max: 15 }, resolutions: ['480p'] },
    };
    const vids = [up('vk', [kling]), up('va', [ark])];
    const chain = (duration: number) =>
      names(ok(planRoute(vids, { media: 'video', model: 'tier-pro', needs: { duration } }, seeded(1))).chain).sort();
    expect(chain(10)).toEqual(['va', 'vk']);
    expect(chain(7)).toEqual(['va']);
    expect(planRoute([up('vk', [kling])], { media: 'video', model: 'tier-pro', needs: { duration: 7 } })).toMatchObject(
      {
        kind: 'unsupported',
        missing: ['duration'],
      },
    );
  });
});

describe('capability check', () => {
  it('meetsNeeds agrees with unmetNeeds', async () => {
    const { meetsNeeds, unmetNeeds } = await import('./select');
    const caps = [
      {},
      { reference_images: true, max_reference_images: 2 },
      { reference_images: true, requires_reference_images: true },
      { transparent_background: true, qualities: ['low' as const] },
      { duration: { min: 4, max: 15 }, resolutions: ['480P'] },
    ];
    const needs = [
      {},
      { referenceImages: 3 },
      { referenceImages: 1 },
      { withoutReferences: true },
      { transparentBackground: true },
      { quality: 'low' as const },
      { duration: 3 },
      { duration: 4, resolution: '480p' },
      { mask: true },
    ];
    for (const c of caps) for (const n of needs) expect(meetsNeeds(c, n)).toBe(unmetNeeds(c, n).length === 0);
  });
});

describe('combinations a video model refuses', () => {
  const vid = (model: string, caps: UpstreamModel['capabilities']): UpstreamModel => ({
    family: 'tier-pro',
    model,
    media: ['video'],
    cost_usd: 0.1,
    capabilities: { duration: { min: 4, max: 10 }, resolutions: ['720p', '1080p'], first_frame: true, ...caps },
  });
  // Veo on the Gemini API: 1080p at 8 seconds only. Kling: a last frame in pro mode (1080p) only.
  const veo = up('veo', [
    vid('veo-3.1-generate-preview', { durations: [4, 6, 8], resolution_durations: { '1080p': [8] } }),
  ]);
  const kling = up('kling', [
    vid('kling-v2-5-turbo', { durations: [5, 10], last_frame: true, last_frame_resolutions: ['1080p'] }),
  ]);
  const wan = up('wan', [vid('wan2.2-t2v-plus', { last_frame: true })]);
  const chain = (fleet: CandidateUpstream[], needs: Record<string, unknown>) =>
    names(ok(planRoute(fleet, { media: 'video', model: 'tier-pro', needs }, seeded(3))).chain).sort();

  it('skips a channel for a resolution it makes at other durations only, and falls back to one that makes it', () => {
    expect(chain([veo, wan], { duration: 8, resolution: '1080p' })).toEqual(['veo', 'wan']);
    expect(chain([veo, wan], { duration: 6, resolution: '1080P' })).toEqual(['wan']);
    expect(chain([veo, wan], { duration: 6, resolution: '720p' })).toEqual(['veo', 'wan']);
  });

  it('skips a channel for a last frame at a resolution it takes none at', () => {
    const frames = { firstFrame: true, lastFrame: true };
    expect(chain([kling, wan], { ...frames, duration: 5, resolution: '1080p' })).toEqual(['kling', 'wan']);
    expect(chain([kling, wan], { ...frames, duration: 5, resolution: '720p' })).toEqual(['wan']);
    // Without a last frame Kling serves 720p.
    expect(chain([kling, wan], { firstFrame: true, duration: 5, resolution: '720p' })).toEqual(['kling', 'wan']);
  });

  it('answers a 400 naming the combination when no channel makes it, never another resolution or duration', () => {
    expect(
      planRoute([veo], { media: 'video', model: 'tier-pro', needs: { duration: 6, resolution: '1080p' } }),
    ).toMatchObject({
      kind: 'unsupported',
      missing: ['1080p at 6 s'],
      message: expect.stringMatching(/^No upstream currently available for 1080p at 6 s with model "tier-pro"\./),
    });
    expect(
      planRoute([kling, veo], {
        media: 'video',
        needs: { duration: 5, resolution: '720p', firstFrame: true, lastFrame: true },
      }),
    ).toMatchObject({ kind: 'unsupported', missing: ['a last frame at 720p'] });
    // A need nothing offers on its own is named as such.
    expect(
      planRoute([veo], { media: 'video', needs: { duration: 6, resolution: '1080p', lastFrame: true } }),
    ).toMatchObject({
      kind: 'unsupported',
      missing: ['last frame'],
    });
  });

  it('meetsNeeds agrees with unmetNeeds on combinations', async () => {
    const { meetsNeeds, unmetNeeds } = await import('./select');
    const caps = [veo, kling, wan].map((u) => u.models[0]?.capabilities ?? {});
    const needs = [
      { duration: 8, resolution: '1080p' },
      { duration: 6, resolution: '1080p' },
      { duration: 5, resolution: '720p', lastFrame: true },
      { duration: 5, resolution: '1080p', lastFrame: true },
    ];
    for (const c of caps) for (const n of needs) expect(meetsNeeds(c, n)).toBe(unmetNeeds(c, n).length === 0);
    expect(unmetNeeds(caps[0] ?? {}, { duration: 6, resolution: '1080p' })).toEqual(['duration']);
    expect(unmetNeeds(caps[1] ?? {}, { duration: 5, resolution: '720p', lastFrame: true })).toEqual(['lastFrame']);
  });
});
