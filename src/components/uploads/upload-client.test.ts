import { describe, expect, it, vi } from 'vitest';
import { extensionOf, uploadFile, type Transport, type UploadResult } from './upload-client';

const result = (key: string): UploadResult => ({
  url: `https://files.test/${key}`,
  media_type: 'image',
  mime: 'image/png',
  key,
  size: 3,
});
const file = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/png' });

function transport(over: Partial<Transport> = {}): Transport & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    presign: vi.fn(() => {
      calls.push('presign');
      return Promise.resolve({
        strategy: 'proxy' as const,
        reason: 'not_configured',
        fallback: { path: '/api/upload-ref' },
      });
    }),
    commit: vi.fn((key: string) => {
      calls.push(`commit ${key}`);
      return Promise.resolve(result(key));
    }),
    put: vi.fn(() => {
      calls.push('put');
      return Promise.resolve();
    }),
    post: vi.fn((path: string) => {
      calls.push(`post ${path}`);
      return Promise.resolve(result('proxied.png'));
    }),
    ...over,
  };
}

const direct = {
  strategy: 'direct' as const,
  key: 'k.png',
  upload: {
    method: 'PUT' as const,
    url: 'https://bucket.test/k.png?sig',
    headers: { 'Content-Type': 'image/png', 'Content-Length': '3' },
    expires_in: 300,
  },
  commit: { path: '/api/upload-ref/commit', body: { key: 'k.png' } },
  fallback: { path: '/api/upload-ref' },
};

describe('the console upload client', () => {
  it('reads the declared extension from the name', () => {
    expect(extensionOf('照片.JPEG')).toBe('jpeg');
    expect(extensionOf('archive.tar.gz')).toBe('gz');
    expect(extensionOf('no-extension')).toBeNull();
  });

  it('uses the proxy when presign says so, with the reason', async () => {
    const t = transport();
    const out = await uploadFile(t, file('a.png'));
    expect(out).toMatchObject({ route: 'proxy', reason: 'not_configured' });
    expect(t.calls).toEqual(['presign', 'post /api/upload-ref']);
  });

  it('uploads directly and commits when offered', async () => {
    const t = transport({ presign: () => Promise.resolve(direct) });
    const out = await uploadFile(t, file('a.png'));
    expect(out).toMatchObject({ route: 'direct', reason: null, result: { key: 'k.png' } });
    expect(t.calls).toEqual(['put', 'commit k.png']);
  });

  it('falls back to the proxy when the direct PUT fails', async () => {
    const t = transport({ presign: () => Promise.resolve(direct), put: () => Promise.reject(new Error('CORS')) });
    const out = await uploadFile(t, file('a.png'));
    expect(out).toMatchObject({ route: 'proxy', reason: 'direct_failed' });
  });

  it('lets the server decide the type of a file without an extension', async () => {
    const t = transport();
    const out = await uploadFile(t, file('scan'));
    expect(out.reason).toBe('no_extension');
    expect(t.calls).toEqual(['post /api/upload-ref']);
  });

  it('surfaces a refused declaration instead of retrying it', async () => {
    const t = transport({ presign: () => Promise.reject(new Error('ext: "exe" is not an allowed type')) });
    await expect(uploadFile(t, file('setup.exe'))).rejects.toThrow(/not an allowed type/);
    expect(t.calls).toEqual([]);
  });
});
