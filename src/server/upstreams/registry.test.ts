import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '@/server/config';
import { adapterKinds } from '@/contracts/upstreams';
import { loadUpstreamsFile, simulatorUpstreams } from './registry';

describe('upstream configuration file', () => {
  it('accepts the documented example', () => {
    const ups = loadUpstreamsFile(path.resolve(import.meta.dirname, '../../../docs/examples/upstreams.yaml'));
    // Every protocol Studio speaks has an example channel, and every example passes the file's schema.
    expect(new Set(ups.map((u) => u.adapter))).toEqual(new Set(adapterKinds));
    expect(new Set(ups.map((u) => u.name)).size).toBe(ups.length);
    expect(ups[0]?.models[0]?.capabilities.transparent_background).toBe(true);
    const claude = ups.find((u) => u.adapter === 'anthropic');
    expect(claude?.models.map((m) => [m.family, m.media, m.capabilities.json_mode])).toEqual([
      ['chat-balanced', ['chat', 'vision'], false],
      ['chat-fast', ['chat', 'vision'], false],
    ]);
  });

  it('accepts every upstreams file under docs/examples', () => {
    const dir = path.resolve(import.meta.dirname, '../../../docs/examples');
    const files = readdirSync(dir).filter((f) => /\.(ya?ml|json)$/i.test(f));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(loadUpstreamsFile(path.join(dir, f)).length, f).toBeGreaterThan(0);
  });

  it('stops start-up naming the bad entry', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-ups-'));
    const file = path.join(dir, 'u.json');
    writeFileSync(
      file,
      JSON.stringify({
        upstreams: [
          { name: 'OpenAI Main', provider: 'x', adapter: 'smtp', base_url: 'ftp://x', api_key: 'k', models: [] },
        ],
      }),
    );
    expect(() => loadUpstreamsFile(file)).toThrow(ConfigError);
    expect(() => loadUpstreamsFile(file)).toThrow(/upstreams\.0\.name/);
    expect(() => loadUpstreamsFile(file)).toThrow(/upstreams\.0\.adapter/);
    writeFileSync(file, '{not json');
    expect(() => loadUpstreamsFile(file)).toThrow(/STUDIO_UPSTREAMS_FILE/);
  });

  it('describes the simulator channels with the spec tier ids as video families', () => {
    const ups = simulatorUpstreams('http://127.0.0.1:4010');
    const video = ups
      .filter((u) => u.adapter === 'ark-video')
      .flatMap((u) => u.models.map((m) => [u.name, m.family, m.model]));
    expect(video).toContainEqual(['sim-video-a', 'videomodel-2-5-pro-260801', 'videomodel-2-5-pro-260801']);
    expect(video).toContainEqual(['sim-video-b', 'videomodel-2-5-pro-260801', 'vm-25-pro-alt']);
    expect(new Set(video.map((v) => v[1]))).toEqual(
      new Set([
        'videomodel-2-0-pro-260801',
        'videomodel-2-0-fast-260801',
        'videomodel-2-0-mini-260801',
        'videomodel-2-5-pro-260801',
        'videomodel-H3',
      ]),
    );
    expect(ups.find((u) => u.name === 'sim-image-a')?.models[0]?.capabilities).toMatchObject({
      transparent_background: true,
      mask: false,
    });
  });
});
