import { describe, expect, it } from 'vitest';
import { imageModels } from './catalog';
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
