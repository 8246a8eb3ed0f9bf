import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LocalFileStore } from './store';

describe('LocalFileStore', () => {
  it('writes into folders it makes once, and makes one again when it was removed behind its back', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'studio-store-'));
    const store = new LocalFileStore(root, 'https://img.example.cn');
    expect(await store.put('t1/2026/11/24/a.png', Buffer.from('第一张'), 'image/png')).toBe(
      'https://img.example.cn/files/t1/2026/11/24/a.png',
    );
    await store.put('t1/2026/11/24/b.png', Buffer.from('第二张'), 'image/png');
    expect(readFileSync(path.join(root, 't1/2026/11/24/b.png'), 'utf8')).toBe('第二张');
    // An operator clears the day's folder while the store runs.
    rmSync(path.join(root, 't1'), { recursive: true });
    await store.put('t1/2026/11/24/c.png', Buffer.from('第三张'), 'image/png');
    expect(readFileSync(path.join(root, 't1/2026/11/24/c.png'), 'utf8')).toBe('第三张');
    // The same for a file moved in.
    rmSync(path.join(root, 't1'), { recursive: true });
    const source = path.join(root, 'upload.part');
    writeFileSync(source, '上传');
    await store.putFile('t1/2026/11/24/d.png', source, 'image/png', 6);
    expect(readFileSync(path.join(root, 't1/2026/11/24/d.png'), 'utf8')).toBe('上传');
    rmSync(root, { recursive: true });
  });
});
