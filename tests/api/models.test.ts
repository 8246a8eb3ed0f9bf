import { describe, expect, it } from 'vitest';
import { adminKey, api, newTenant } from '../helpers/api';

interface Listing {
  media_type: string;
  default: string;
  models: {
    id: string;
    kind: string;
    capabilities?: Record<string, unknown>;
    duration?: { min: number; max: number };
    resolutions?: string[];
  }[];
}

describe('available models', () => {
  it('lists auto, families and channels with capabilities, and nothing about providers or costs', async () => {
    const t = await newTenant();
    const res = await api<Listing>('/available-models', { key: t.key });
    expect(res.status).toBe(200);
    const ids = res.body.models.map((m) => `${m.kind}:${m.id}`);
    expect(ids).toEqual(
      expect.arrayContaining([
        'auto:auto',
        'family:imagegen-1',
        'family:imagegen-2',
        'channel:sim-image-a',
        'channel:sim-image-c',
      ]),
    );
    expect(res.body.models.find((m) => m.id === 'imagegen-2')?.capabilities).toMatchObject({
      transparent_background: false,
      mask: false,
    });
    expect(res.body.models.find((m) => m.id === 'imagegen-1')?.capabilities).toMatchObject({
      transparent_background: true,
      qualities: ['low', 'medium', 'high'],
    });
    const text = JSON.stringify(res.body);
    expect(text).not.toMatch(/simulator|cost|score|provider/);
  });

  it('lists the video tiers with their duration bounds', async () => {
    const t = await newTenant();
    const res = await api<Listing>('/available-models?media_type=video', { key: t.key });
    const tiers = Object.fromEntries(res.body.models.map((m) => [m.id, m]));
    expect(Object.keys(tiers).sort()).toEqual([
      'videomodel-2-0-fast-260801',
      'videomodel-2-0-mini-260801',
      'videomodel-2-0-pro-260801',
      'videomodel-2-5-pro-260801',
      'videomodel-H3',
    ]);
    expect(tiers['videomodel-2-5-pro-260801']).toMatchObject({
      duration: { min: 4, max: 30 },
      resolutions: ['720p', '1080p'],
    });
    expect(tiers['videomodel-2-0-pro-260801']).toMatchObject({ duration: { min: 4, max: 15 }, resolutions: ['480p'] });
    expect(tiers['videomodel-H3']).toMatchObject({ resolutions: ['768P', '2K'] });
    expect((await api('/available-models?media_type=audio', { key: t.key })).status).toBe(400);
  });

  it('shows a bound tenant only its binding', async () => {
    const t = await newTenant();
    await api('/admin', { key: adminKey(), body: { action: 'tenant-bind', tenant_id: t.id, model: 'imagegen-2' } });
    const res = await api<Listing>('/available-models', { key: t.key });
    expect(res.body.models.map((m) => m.id).sort()).toEqual(['auto', 'imagegen-2', 'sim-image-c']);
  });
});
