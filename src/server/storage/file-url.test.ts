import { describe, expect, it } from 'vitest';
import { keyOfUrl } from './file-url';

const KEY = 't1/uploads/a.png';

describe('keyOfUrl: a Studio file is recognised however its address is written', () => {
  it.each([
    'http://127.0.0.1:3000/files/t1/uploads/a.png',
    'HTTP://127.0.0.1:3000/files/t1/uploads/a.png',
    'http://localhost:3000/files/t1/uploads/a.png',
    'http://LOCALHOST:3000/files/t1/uploads/a.png',
    'http://127.1:3000/files/t1/uploads/a.png',
    'http://[::1]:3000/files/t1/uploads/a.png',
    'http://127.0.0.1:3000/files/./t1/uploads/a.png',
    'http://127.0.0.1:3000/files/%2e/t1/uploads/a.png',
    'http://127.0.0.1:3000/files/x/../t1/uploads/a.png',
    'http://127.0.0.1:3000/files/t1/uploads/a.png?x=1#y',
    'http://127.0.0.1:3000/files/t1/uploads/%61.png',
  ])('%s', (url) => {
    expect(keyOfUrl(url, 'http://127.0.0.1:3000/files/')).toBe(KEY);
  });

  it('normalises the public host: case, the default port, dot segments', () => {
    const base = 'https://cdn.studio.example.com/files/';
    expect(keyOfUrl('https://CDN.Studio.Example.com:443/files/t1/uploads/a.png', base)).toBe(KEY);
    expect(keyOfUrl('https://cdn.studio.example.com/files/%2E/t1/uploads/a.png', base)).toBe(KEY);
    // An S3 bucket served under a path.
    expect(keyOfUrl('https://s3.example.com/bucket/t1/uploads/a.png', 'https://s3.example.com/bucket/')).toBe(KEY);
  });

  it.each([
    ['another host', 'https://evil.example/files/t1/uploads/a.png'],
    ['another port of this machine', 'http://127.0.0.1:3001/files/t1/uploads/a.png'],
    ['another scheme', 'https://127.0.0.1:3000/files/t1/uploads/a.png'],
    ['outside /files/', 'http://127.0.0.1:3000/other/t1/uploads/a.png'],
    ['a key Studio never writes', 'http://127.0.0.1:3000/files/t1/../../etc/passwd'],
    ['a broken escape', 'http://127.0.0.1:3000/files/t1/%E0%A4%A'],
    ['not a URL', '/files/t1/uploads/a.png'],
  ])('is not a Studio file: %s', (_what, url) => {
    expect(keyOfUrl(url, 'http://127.0.0.1:3000/files/')).toBeNull();
  });
});
