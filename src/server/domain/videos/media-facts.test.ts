import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { imageExtension, inspectMp4File } from './media-facts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-mp4-'));
let n = 0;
function file(...parts: Buffer[]): string {
  const p = path.join(dir, `f${n++}.mp4`);
  writeFileSync(p, Buffer.concat(parts));
  return p;
}

function box(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2avc1mp41', 'latin1'));

function mvhd(version: 0 | 1, timescale: number, duration: number): Buffer {
  if (version === 0) {
    const b = Buffer.alloc(100);
    b.writeUInt32BE(timescale, 12);
    b.writeUInt32BE(duration, 16);
    return box('mvhd', b);
  }
  const b = Buffer.alloc(112);
  b.writeUInt8(1, 0);
  b.writeUInt32BE(timescale, 20);
  b.writeBigUInt64BE(BigInt(duration), 24);
  return box('mvhd', b);
}

/** An `mdat` written with a 64-bit size, as large files do. */
function largeMdat(bytes: number): Buffer {
  const head = Buffer.alloc(16);
  head.writeUInt32BE(1, 0);
  head.write('mdat', 4, 'latin1');
  head.writeBigUInt64BE(BigInt(16 + bytes), 8);
  return Buffer.concat([head, Buffer.alloc(bytes)]);
}

describe('inspectMp4File', () => {
  it('reads the duration from mvhd (version 0 and 1), with moov before or after the media data', async () => {
    expect(await inspectMp4File(file(ftyp, box('moov', mvhd(0, 1000, 5000)), box('mdat', Buffer.alloc(64))))).toEqual({
      duration: 5,
    });
    expect(
      await inspectMp4File(
        file(
          ftyp,
          largeMdat(256),
          box('moov', Buffer.concat([box('iods', Buffer.alloc(8)), mvhd(1, 90_000, 900_000)])),
        ),
      ),
    ).toEqual({ duration: 10 });
  });

  it('refuses what is not an MP4: no ftyp first, no moov, a damaged box', async () => {
    expect(await inspectMp4File(file(Buffer.from('<!doctype html><html>not a video</html>')))).toBeNull();
    expect(await inspectMp4File(file(box('moov', mvhd(0, 1000, 5000)), ftyp))).toBeNull();
    expect(await inspectMp4File(file(ftyp, box('mdat', Buffer.alloc(32))))).toBeNull();
    expect(await inspectMp4File(file(ftyp, box('moov', mvhd(0, 0, 5000))))).toBeNull();
    const broken = Buffer.alloc(8);
    broken.writeUInt32BE(4, 0);
    broken.write('free', 4, 'latin1');
    expect(await inspectMp4File(file(ftyp, broken))).toBeNull();
  });
});

describe('imageExtension', () => {
  it('tells PNG, JPEG and WebP from their leading bytes, and nothing else', () => {
    expect(imageExtension(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(imageExtension(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpg');
    expect(imageExtension(Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'))).toBe('webp');
    expect(imageExtension(Buffer.from('<html>'))).toBeNull();
  });
});
