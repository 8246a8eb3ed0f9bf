import fc from 'fast-check';

/** Request shapes the bad-input sweep (tests/api/bad-input.test.ts) sends whatever the operation. */

/** One request as sent: a JSON value or raw bytes for the body, query pairs (repeats allowed), headers. */
export interface Case {
  kind: string;
  body?: { json: unknown } | { raw: string | Uint8Array; type?: string | null };
  query?: [string, string][];
  /** A query string sent verbatim (malformed encodings the URL class would repair). */
  rawQuery?: string;
  headers?: Record<string, string>;
}

/** The same deterministic transport mistakes for every operation that takes a body. */
export function transportCases(base: unknown): Case[] {
  const text = JSON.stringify(base);
  const bytes = (...parts: (string | number[])[]) =>
    Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))));
  return [
    { kind: 'text/plain', body: { raw: text, type: 'text/plain' } },
    { kind: 'form-urlencoded', body: { raw: 'action=create&credits=10', type: 'application/x-www-form-urlencoded' } },
    { kind: 'multipart without boundary', body: { raw: text, type: 'multipart/form-data' } },
    { kind: 'multipart with junk', body: { raw: '--x\r\nnot a part\r\n', type: 'multipart/form-data; boundary=x' } },
    { kind: 'no content type', body: { raw: text, type: null } },
    { kind: 'json charset latin1', body: { raw: text, type: 'application/json; charset=latin1' } },
    { kind: 'empty body', body: { raw: '' } },
    { kind: 'truncated JSON', body: { raw: text.slice(0, Math.max(1, text.length - 2)) } },
    { kind: 'null', body: { raw: 'null' } },
    { kind: 'array', body: { raw: '[]' } },
    { kind: 'string', body: { raw: '"x"' } },
    { kind: 'number', body: { raw: '42' } },
    { kind: 'byte order mark', body: { raw: bytes([0xef, 0xbb, 0xbf], text) } },
    { kind: 'invalid UTF-8', body: { raw: bytes(text.startsWith('{"') ? '{"' : '"', [0xff, 0xfe, 0xc3], '":1}') } },
    {
      kind: 'duplicate keys',
      body: { raw: text.startsWith('{') && text !== '{}' ? `${text.slice(0, -1)},${text.slice(1)}` : text },
    },
  ];
}

/** Multipart mistakes for the upload endpoint, built by hand so the boundary and parts can be wrong. */
export function multipartCases(name: string): fc.Arbitrary<Case> {
  const part = (name: string, data: Uint8Array | string, filename?: string, type?: string) => ({
    name,
    data,
    filename,
    type,
  });
  type Part = ReturnType<typeof part>;
  const encode = (parts: readonly Part[], boundary = 'sweep', close = true): Uint8Array => {
    const chunks: Buffer[] = [];
    for (const p of parts) {
      const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
      chunks.push(
        Buffer.from(
          `--${boundary}\r\ncontent-disposition: ${disposition}\r\n${p.type ? `content-type: ${p.type}\r\n` : ''}\r\n`,
        ),
      );
      chunks.push(Buffer.from(p.data));
      chunks.push(Buffer.from('\r\n'));
    }
    if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return Buffer.concat(chunks);
  };
  const partsArb = fc.oneof<fc.Arbitrary<readonly Part[]>[]>(
    fc.constant([]),
    fc.constant([part('note', '没有文件')]),
    fc.constant([part('file', new Uint8Array(), 'empty.png', 'image/png')]),
    fc.uint8Array({ maxLength: 64 }).map((b) => [part('file', b, 'junk.png', 'image/png')]),
    fc
      .uint8Array({ maxLength: 64 })
      .map((b) => [
        part(
          'file',
          Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), b]),
          'broken.png',
          'image/png',
        ),
      ]),
    fc
      .constantFrom('a\u0000b.png', '\ud800.png', '../../etc/passwd', '中文名字.png', 'x'.repeat(3000))
      .map((n) => [part('file', Buffer.from([0x89, 0x50]), n, 'image/png')]),
    fc.constant([part('file', 'text', 'a.txt', 'text/plain'), part('file', 'again', 'b.txt', 'text/plain')]),
  );
  return fc
    .oneof(
      partsArb.map((parts) => ({
        kind: `${parts.length} parts`,
        body: { raw: encode(parts), type: 'multipart/form-data; boundary=sweep' },
      })),
      partsArb.map((parts) => ({
        kind: 'unclosed multipart',
        body: { raw: encode(parts, 'sweep', false), type: 'multipart/form-data; boundary=sweep' },
      })),
      partsArb.map((parts) => ({
        kind: 'boundary mismatch',
        body: { raw: encode(parts, 'other'), type: 'multipart/form-data; boundary=sweep' },
      })),
      fc.constant<Case>({ kind: 'multipart without boundary', body: { raw: 'x', type: 'multipart/form-data' } }),
      fc.constant<Case>({ kind: 'JSON instead of a form', body: { raw: '{"file":"x"}', type: 'application/json' } }),
      fc.constant<Case>({ kind: 'empty', body: { raw: '', type: 'multipart/form-data; boundary=sweep' } }),
      fc.constant(null).map(() => ({
        kind: 'file field as text',
        body: { raw: encode([part('file', 'not a file')]), type: 'multipart/form-data; boundary=sweep' },
      })),
    )
    .map((c) => ({ ...c, kind: `${name}: ${c.kind}` }));
}
