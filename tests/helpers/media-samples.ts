import sharp from 'sharp';

/**
 * Small files of every uploadable type, built from their real leading structures (what type
 * detection reads), padded with zero bytes to the size a test needs.
 */

function box(type: string, payload: Buffer): Buffer {
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + payload.length);
  return Buffer.concat([size, Buffer.from(type, 'latin1'), payload]);
}

const ftyp = (brand: string, compatible: string[]) =>
  box(
    'ftyp',
    Buffer.concat([
      Buffer.from(brand, 'latin1'),
      Buffer.from([0, 0, 2, 0]),
      ...compatible.map((c) => Buffer.from(c, 'latin1')),
    ]),
  );

function wav(): Buffer {
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'latin1');
  h.writeUInt32LE(36, 4);
  h.write('WAVE', 8, 'latin1');
  h.write('fmt ', 12, 'latin1');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(8000, 24);
  h.writeUInt32LE(16000, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'latin1');
  return h;
}

function mp3(): Buffer {
  // An ID3v2.3 tag (empty) then MPEG-1 Layer III frame headers.
  const id3 = Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0]);
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat([id3, frame, frame, frame]);
}

function ogg(): Buffer {
  const page = Buffer.alloc(58);
  page.write('OggS', 0, 'latin1');
  page[5] = 2; // beginning of stream
  page[26] = 1; // one segment
  page[27] = 30; // of 30 bytes
  page[28] = 1;
  page.write('vorbis', 29, 'latin1');
  return page;
}

function webm(): Buffer {
  const docType = Buffer.concat([Buffer.from([0x42, 0x82, 0x84]), Buffer.from('webm', 'latin1')]);
  const body = Buffer.concat([Buffer.from([0x42, 0x86, 0x81, 0x01]), docType]);
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length]), body]);
}

const heads: Record<string, () => Promise<Buffer> | Buffer> = {
  png: () =>
    sharp({ create: { width: 8, height: 8, channels: 4, background: '#d33' } })
      .png()
      .toBuffer(),
  jpg: () =>
    sharp({ create: { width: 8, height: 8, channels: 3, background: '#3d3' } })
      .jpeg()
      .toBuffer(),
  webp: () =>
    sharp({ create: { width: 8, height: 8, channels: 3, background: '#33d' } })
      .webp()
      .toBuffer(),
  gif: () =>
    sharp({ create: { width: 8, height: 8, channels: 3, background: '#dd3' } })
      .gif()
      .toBuffer(),
  mp3,
  wav,
  m4a: () => ftyp('M4A ', ['M4A ', 'isom']),
  flac: () => Buffer.concat([Buffer.from('fLaC', 'latin1'), Buffer.from([0x80, 0, 0, 34]), Buffer.alloc(34)]),
  ogg,
  mp4: () => ftyp('isom', ['isom', 'iso2', 'mp41']),
  mov: () => ftyp('qt  ', ['qt  ']),
  webm,
};

export const SAMPLE_EXTS = Object.keys(heads);

/** A file of the given type, at least `size` bytes long (zero-padded after its real header). */
export async function sample(ext: string, size = 0): Promise<Buffer> {
  const make = heads[ext];
  if (!make) throw new Error(`no sample for ${ext}`);
  const head = await make();
  return size > head.length ? Buffer.concat([head, Buffer.alloc(size - head.length)]) : head;
}
