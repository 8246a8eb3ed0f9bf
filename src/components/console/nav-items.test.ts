import { describe, expect, it } from 'vitest';
import { navGroups } from './nav-items';

const labels = (personal: boolean) =>
  navGroups(personal).map((g) => ({ title: g.title, items: g.items.map((i) => i.label) }));

describe('navGroups', () => {
  it('gives an organisation every area', () => {
    expect(labels(false)).toEqual([
      {
        title: undefined,
        items: [
          'overview',
          'jobs',
          'webhooks',
          'playground',
          'reading',
          'imageTemplate',
          'videos',
          'chat',
          'skills',
          'templates',
          'articles',
        ],
      },
      {
        title: 'manage',
        items: ['members', 'keys', 'claims', 'pipelines', 'usage', 'alerts', 'calls', 'uploads', 'account', 'sso'],
      },
      { title: 'developers', items: ['docs'] },
    ]);
  });

  it('gives a buyer only what it can use, uploads joining the workspace list', () => {
    expect(labels(true)).toEqual([
      {
        title: undefined,
        items: [
          'overview',
          'jobs',
          'webhooks',
          'playground',
          'reading',
          'videos',
          'chat',
          'skills',
          'templates',
          'articles',
          'keys',
          'alerts',
          'calls',
          'uploads',
          'account',
        ],
      },
      { title: 'developers', items: ['docs'] },
    ]);
  });

  it('links usage, uploads, image reading, image to template, keys and webhooks', () => {
    const all = navGroups(false).flatMap((g) => g.items);
    expect(all.find((i) => i.label === 'keys')?.href).toBe('/keys');
    expect(all.find((i) => i.label === 'reading')?.href).toBe('/reading');
    expect(all.find((i) => i.label === 'imageTemplate')?.href).toBe('/image-template');
    expect(all.find((i) => i.label === 'usage')?.href).toBe('/usage');
    expect(all.find((i) => i.label === 'uploads')?.href).toBe('/uploads');
    expect(all.find((i) => i.label === 'calls')?.href).toBe('/calls');
    expect(all.find((i) => i.label === 'webhooks')?.href).toBe('/webhooks');
  });
});
