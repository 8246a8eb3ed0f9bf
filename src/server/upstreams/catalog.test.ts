import { describe, expect, it } from 'vitest';
import { imageModels, videoTiers } from './catalog';
import type { CandidateUpstream } from './select';
import type { UpstreamModel } from './types';

const model = (family: string, caps: UpstreamModel['capabilities']): UpstreamModel => ({
  family,
  model: `${family}-model`,
  media: ['image'],
  cost_usd: 0,
  capabilities: caps,
});

const channel = (name: string, models: UpstreamModel[]): CandidateUpstream => ({
  id: `id-${name}`,
  name,
  provider: 'p',
  enabled: true,
  removed: false,
  models,
  weight: 1,
});

describe('the image models a caller may choose', () => {
  const edit = { reference_images: true, max_reference_images: 1, requires_reference_images: true };
  const fleet = [
    channel('img-1', [model('gen', { reference_images: true })]),
    channel('img-2', [model('gen', edit)]),
    channel('img-3', [model('editor', edit)]),
  ];

  it('marks as edits-only the channels and families whose every model needs reference images', () => {
    const byId = Object.fromEntries(imageModels(fleet, null).map((m) => [m.id, m.capabilities]));
    expect(byId['img-2']?.requires_reference_images).toBe(true);
    expect(byId['img-3']?.requires_reference_images).toBe(true);
    expect(byId['editor']?.requires_reference_images).toBe(true);
    // A family with one channel that generates from a prompt, and `auto`, serve prompt-only requests.
    expect(byId['gen']?.requires_reference_images).toBe(false);
    expect(byId['auto']?.requires_reference_images).toBe(false);
    expect(byId['img-1']).toEqual({
      reference_images: true,
      requires_reference_images: false,
      transparent_background: false,
      mask: false,
      qualities: [],
    });
  });

  it('follows a binding: a tenant bound to an edit-only family sees `auto` as edits-only too', () => {
    const bound = imageModels(fleet, 'editor');
    expect(bound.map((m) => [m.id, m.capabilities.requires_reference_images])).toEqual([
      ['auto', true],
      ['editor', true],
      ['img-3', true],
    ]);
  });
});

describe('the video tiers a caller may choose', () => {
  const vid = (family: string, caps: UpstreamModel['capabilities']): UpstreamModel => ({
    ...model(family, { first_frame: true, ...caps }),
    media: ['video'],
  });
  const PRO = 'tier-pro';
  // Veo: 4, 6 or 8 s, 1080p at 8 s only. Kling: 5 or 10 s, a last frame at 1080p only.
  const veo = channel('veo', [
    vid(PRO, {
      duration: { min: 4, max: 8 },
      durations: [4, 6, 8],
      resolutions: ['720p', '1080p'],
      resolution_durations: { '1080p': [8] },
      last_frame: true,
    }),
  ]);
  const kling = channel('kling', [
    vid(PRO, {
      duration: { min: 5, max: 10 },
      durations: [5, 10],
      resolutions: ['720p', '1080p'],
      last_frame: true,
      last_frame_resolutions: ['1080p'],
    }),
  ]);
  const ark = channel('ark', [vid('tier-fast', { duration: { min: 4, max: 7 }, resolutions: ['480p'] })]);
  const tier = (fleet: CandidateUpstream[], id: string) => videoTiers(fleet, null).find((t) => t.id === id);

  it('lists the seconds each tier makes: the discrete lists of its channels, or every second of a range', () => {
    expect(tier([veo, kling, ark], PRO)).toMatchObject({ duration: { min: 4, max: 10 }, durations: [4, 5, 6, 8, 10] });
    expect(tier([ark], 'tier-fast')?.durations).toEqual([4, 5, 6, 7]);
  });

  it('states a combination rule only where every channel making the resolution or frame is restricted', () => {
    const veoOnly = tier([veo], PRO);
    expect(veoOnly?.resolution_durations).toEqual({ '1080p': [8] });
    expect(veoOnly?.last_frame_resolutions).toBeUndefined();
    const klingOnly = tier([kling], PRO);
    expect(klingOnly?.resolution_durations).toBeUndefined();
    expect(klingOnly?.last_frame_resolutions).toEqual(['1080p']);
    // Together: 1080p at 5, 8 and 10 s (Kling makes it at 5 and 10), a last frame at 720p through Veo.
    const both = tier([veo, kling], PRO);
    expect(both?.resolution_durations).toEqual({ '1080p': [5, 8, 10] });
    expect(both?.last_frame_resolutions).toBeUndefined();
    expect(tier([ark], 'tier-fast')).not.toHaveProperty('resolution_durations');
  });
});
