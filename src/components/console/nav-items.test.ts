import { describe, expect, it } from 'vitest';
import { navGroups } from './nav-items';

const labels = (personal: boolean) => navGroups(personal).map((g) => ({ title: g.title, items: g.items.map((i) => i.label) }));

describe('navGroups', () => {
  it('gives an organisation every area', () => {
    expect(labels(false)).toEqual([
      { title: undefined, items: ['Overview', 'Jobs', 'Playground', 'Image reading', 'Image to template', 'Video', 'Chat', 'Skills', 'Templates', 'Articles'] },
      { title: 'Manage', items: ['Members', 'Claim codes', 'Hooks', 'Usage', 'Uploads'] },
      { title: 'Developers', items: ['API reference'] },
    ]);
  });

  it('gives a buyer only what it can use, uploads joining the workspace list', () => {
    expect(labels(true)).toEqual([
      { title: undefined, items: ['Overview', 'Jobs', 'Playground', 'Image reading', 'Video', 'Chat', 'Skills', 'Templates', 'Articles', 'Uploads'] },
      { title: 'Developers', items: ['API reference'] },
    ]);
  });

  it('links Usage, Uploads, Image reading and Image to template', () => {
    const all = navGroups(false).flatMap((g) => g.items);
    expect(all.find((i) => i.label === 'Image reading')?.href).toBe('/read');
    expect(all.find((i) => i.label === 'Image to template')?.href).toBe('/convert');
    expect(all.find((i) => i.label === 'Usage')?.href).toBe('/usage');
    expect(all.find((i) => i.label === 'Uploads')?.href).toBe('/uploads');
  });
});
