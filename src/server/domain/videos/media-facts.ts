import { open } from 'node:fs/promises';

export interface Mp4Facts {
  /** Seconds, from the movie header (mvhd duration / timescale). */
  duration: number;
}

/**
 * Reads an MP4's top-level boxes from a file, without loading the media data: the first box must be
 * `ftyp`, and the `moov` box's `mvhd` gives the duration. Anything else is not an MP4 (null).
 */
export async function inspectMp4File(file: string): Promise<Mp4Facts | null> {
  const fh = await open(file, 'r');
  try {
    const { size } = await fh.stat();
    const header = Buffer.alloc(16);
    let pos = 0;
    let first = true;
    while (pos + 8 <= size) {
      const { bytesRead } = await fh.read(header, 0, 16, pos);
      if (bytesRead < 8) return null;
      let boxSize = header.readUInt32BE(0);
      const type = header.toString('latin1', 4, 8);
      let headerLen = 8;
      if (boxSize === 1) {
        if (bytesRead < 16) return null;
        boxSize = Number(header.readBigUInt64BE(8));
        headerLen = 16;
      } else if (boxSize === 0) {
        boxSize = size - pos;
      }
      if (boxSize < headerLen) return null;
      if (first && type !== 'ftyp') return null;
      first = false;
      if (type === 'moov') {
        // The movie header is small and comes first in moov in practice; read at most 64 KiB of moov.
        const len = Math.min(boxSize - headerLen, 64 * 1024);
        const moov = Buffer.alloc(len);
        await fh.read(moov, 0, len, pos + headerLen);
        return mvhdDuration(moov);
      }
      pos += boxSize;
    }
    return null;
  } finally {
    await fh.close();
  }
}

function mvhdDuration(moov: Buffer): Mp4Facts | null {
  let p = 0;
  while (p + 8 <= moov.length) {
    const size = moov.readUInt32BE(p);
    const type = moov.toString('latin1', p + 4, p + 8);
    if (type === 'mvhd') {
      const body = p + 8;
      if (body + 4 > moov.length) return null;
      const version = moov.readUInt8(body);
      if (version === 1) {
        if (body + 32 > moov.length) return null;
        const timescale = moov.readUInt32BE(body + 20);
        const duration = Number(moov.readBigUInt64BE(body + 24));
        return timescale > 0 ? { duration: duration / timescale } : null;
      }
      if (body + 20 > moov.length) return null;
      const timescale = moov.readUInt32BE(body + 12);
      const duration = moov.readUInt32BE(body + 16);
      return timescale > 0 ? { duration: duration / timescale } : null;
    }
    if (size < 8) return null;
    p += size;
  }
  return null;
}

/** PNG, JPEG or WebP, told from the leading bytes: the extension a cover is stored under, or null. */
export function imageExtension(head: Buffer): 'png' | 'jpg' | 'webp' | null {
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpg';
  if (head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}
