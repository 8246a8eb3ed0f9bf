/**
 * A minimal MP4 (ISO BMFF) writer and reader for the simulator's video outputs.
 *
 * The writer takes H.264 access units that are all IDR pictures (an SPS, a PPS and one or
 * more coded keyframes) and lays them out as a progressive, "fast start" MP4: `ftyp`, then
 * `moov` (mvhd, one video trak with tkhd/mdhd/hdlr/vmhd/dinf/stbl: stsd avc1+avcC, stts, stss,
 * stsc, stsz, stco), then one `mdat` chunk holding every sample. Every sample is a sync sample,
 * so any second of the file decodes on its own. The reader pulls back the facts tests check
 * (durations, timescales, frame size, sample count).
 */
import { HIGH_PROFILES, parseSps } from './h264';

// ---- MP4 writer ---------------------------------------------------------------------

function u8(v: number): Buffer {
  return Buffer.from([v & 0xff]);
}
function u16(v: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(v);
  return b;
}
function u32(v: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(v >>> 0);
  return b;
}
function zeros(n: number): Buffer {
  return Buffer.alloc(n);
}

function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, 'latin1'), body]);
}

function fullBox(type: string, version: number, flags: number, ...parts: Buffer[]): Buffer {
  return box(type, u32(((version & 0xff) << 24) | (flags & 0xffffff)), ...parts);
}

/** The identity transformation matrix of mvhd/tkhd. */
const MATRIX = Buffer.concat([0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000].map(u32));

function avcC(sps: Buffer, pps: Buffer): Buffer {
  const info = parseSps(sps);
  const parts = [
    u8(1),
    u8(info.profileIdc),
    u8(info.constraintFlags),
    u8(info.levelIdc),
    u8(0xff),
    u8(0xe1),
    u16(sps.length),
    sps,
    u8(1),
    u16(pps.length),
    pps,
  ];
  if (HIGH_PROFILES.has(info.profileIdc)) {
    parts.push(
      u8(0xfc | info.chromaFormatIdc),
      u8(0xf8 | info.bitDepthLumaMinus8),
      u8(0xf8 | info.bitDepthChromaMinus8),
      u8(0),
    );
  }
  return box('avcC', ...parts);
}

export interface Mp4Options {
  /** Samples in display order; each is one access unit's NAL units (no start codes). All are sync samples. */
  samples: Buffer[][];
  sps: Buffer;
  pps: Buffer;
  width: number;
  height: number;
  /** Track (mdhd) timescale in ticks per second. The movie (mvhd) timescale is 1000. */
  timescale: number;
  /** Duration of every sample in track ticks. */
  sampleDuration: number;
}

export const MOVIE_TIMESCALE = 1000;

/** Writes a progressive MP4 (moov before mdat) with one H.264 video track of all-sync samples. */
export function writeMp4(opts: Mp4Options): Buffer {
  const { samples, sps, pps, width, height, timescale, sampleDuration } = opts;
  const n = samples.length;
  if (n === 0) throw new Error('an MP4 needs at least one sample');
  // AVCC samples: each NAL unit prefixed by its 4-byte length (avcC lengthSizeMinusOne = 3).
  const payloads = samples.map((nals) => Buffer.concat(nals.flatMap((nal) => [u32(nal.length), nal])));
  const trackDuration = n * sampleDuration;
  const movieDuration = Math.round((trackDuration * MOVIE_TIMESCALE) / timescale);

  const ftyp = box('ftyp', Buffer.from('isom', 'latin1'), u32(0x200), Buffer.from('isomiso2avc1mp41', 'latin1'));

  const moovFor = (chunkOffset: number): Buffer => {
    const mvhd = fullBox(
      'mvhd',
      0,
      0,
      u32(0),
      u32(0),
      u32(MOVIE_TIMESCALE),
      u32(movieDuration),
      u32(0x00010000),
      u16(0x0100),
      zeros(10),
      MATRIX,
      zeros(24),
      u32(2),
    );
    const tkhd = fullBox(
      'tkhd',
      0,
      3,
      u32(0),
      u32(0),
      u32(1),
      zeros(4),
      u32(movieDuration),
      zeros(8),
      u16(0),
      u16(0),
      u16(0),
      zeros(2),
      MATRIX,
      u32(width * 65536),
      u32(height * 65536),
    );
    // Language 'und' packed as three 5-bit letters.
    const mdhd = fullBox('mdhd', 0, 0, u32(0), u32(0), u32(timescale), u32(trackDuration), u16(0x55c4), u16(0));
    const hdlr = fullBox(
      'hdlr',
      0,
      0,
      u32(0),
      Buffer.from('vide', 'latin1'),
      zeros(12),
      Buffer.from('VideoHandler\0', 'latin1'),
    );
    const vmhd = fullBox('vmhd', 0, 1, zeros(8));
    const dinf = box('dinf', fullBox('dref', 0, 0, u32(1), fullBox('url ', 0, 1)));
    const avc1 = box(
      'avc1',
      zeros(6),
      u16(1), // data_reference_index
      zeros(16),
      u16(width),
      u16(height),
      u32(0x00480000), // 72 dpi
      u32(0x00480000),
      zeros(4),
      u16(1), // frame_count
      zeros(32), // compressorname
      u16(0x0018),
      u16(0xffff),
      avcC(sps, pps),
    );
    const stsd = fullBox('stsd', 0, 0, u32(1), avc1);
    const stts = fullBox('stts', 0, 0, u32(1), u32(n), u32(sampleDuration));
    const stss = fullBox('stss', 0, 0, u32(n), ...payloads.map((_, i) => u32(i + 1)));
    const stsc = fullBox('stsc', 0, 0, u32(1), u32(1), u32(n), u32(1));
    const stsz = fullBox('stsz', 0, 0, u32(0), u32(n), ...payloads.map((p) => u32(p.length)));
    const stco = fullBox('stco', 0, 0, u32(1), u32(chunkOffset));
    const stbl = box('stbl', stsd, stts, stss, stsc, stsz, stco);
    const minf = box('minf', vmhd, dinf, stbl);
    const mdia = box('mdia', mdhd, hdlr, minf);
    return box('moov', mvhd, box('trak', tkhd, mdia));
  };

  // The moov size does not depend on the offset value, so one dry run gives the layout.
  const moovSize = moovFor(0).length;
  const mdatHeader = 8;
  const moov = moovFor(ftyp.length + moovSize + mdatHeader);
  const mdat = box('mdat', ...payloads);
  return Buffer.concat([ftyp, moov, mdat]);
}

// ---- MP4 reader (for tests and checks) ----------------------------------------------

export interface Mp4Info {
  /** Top-level box types in order, e.g. `['ftyp', 'moov', 'mdat']`. */
  topLevel: string[];
  majorBrand: string;
  movieTimescale: number;
  movieDuration: number;
  /** Seconds: movieDuration / movieTimescale. */
  durationSec: number;
  track: {
    width: number;
    height: number;
    tkhdDuration: number;
    timescale: number;
    duration: number;
    handler: string;
    codec: string;
    /** Sample count from stsz; null without one. */
    sampleCount: number | null;
    syncSamples: number | null;
    /** Sum of stts entries in track ticks. */
    sttsDuration: number;
    /** Width and height from the sample entry (avc1). */
    entryWidth: number;
    entryHeight: number;
  } | null;
}

interface RawBox {
  type: string;
  start: number;
  /** First byte of the payload (after size/type, and a 64-bit size if present). */
  body: number;
  end: number;
}

function childBoxes(buf: Buffer, start: number, end: number): RawBox[] {
  const out: RawBox[] = [];
  let at = start;
  while (at + 8 <= end) {
    let size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    let body = at + 8;
    if (size === 1) {
      if (at + 16 > end) break;
      size = Number(buf.readBigUInt64BE(at + 8));
      body = at + 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < body - at || at + size > end) throw new Error(`box ${type} at ${at} overruns its parent`);
    out.push({ type, start: at, body, end: at + size });
    at += size;
  }
  return out;
}

function child(buf: Buffer, parent: RawBox | undefined, type: string): RawBox | undefined {
  if (!parent) return undefined;
  return childBoxes(buf, parent.body, parent.end).find((b) => b.type === type);
}

/** Parses the box structure of an MP4 enough to report durations, timescales and the first video track. Throws on a file that is not an ISO BMFF. */
export function inspectMp4(buf: Buffer): Mp4Info {
  const top = childBoxes(buf, 0, buf.length);
  const ftyp = top.find((b) => b.type === 'ftyp');
  const moov = top.find((b) => b.type === 'moov');
  if (!ftyp || !moov) throw new Error('not an MP4: no ftyp or moov box');
  const mvhd = child(buf, moov, 'mvhd');
  if (!mvhd) throw new Error('moov has no mvhd');
  const mvVersion = buf[mvhd.body] ?? 0;
  const movieTimescale = buf.readUInt32BE(mvhd.body + (mvVersion === 1 ? 20 : 12));
  const movieDuration =
    mvVersion === 1 ? Number(buf.readBigUInt64BE(mvhd.body + 24)) : buf.readUInt32BE(mvhd.body + 16);

  let track: Mp4Info['track'] = null;
  for (const trak of childBoxes(buf, moov.body, moov.end).filter((b) => b.type === 'trak')) {
    const mdia = child(buf, trak, 'mdia');
    const hdlr = child(buf, mdia, 'hdlr');
    const handler = hdlr ? buf.toString('latin1', hdlr.body + 8, hdlr.body + 12) : '';
    if (handler !== 'vide') continue;
    const tkhd = child(buf, trak, 'tkhd');
    const mdhd = child(buf, mdia, 'mdhd');
    if (!tkhd || !mdhd) throw new Error('video trak without tkhd or mdhd');
    const tkVersion = buf[tkhd.body] ?? 0;
    const tkhdDuration =
      tkVersion === 1 ? Number(buf.readBigUInt64BE(tkhd.body + 28)) : buf.readUInt32BE(tkhd.body + 20);
    const width = buf.readUInt32BE(tkhd.end - 8) / 65536;
    const height = buf.readUInt32BE(tkhd.end - 4) / 65536;
    const mdVersion = buf[mdhd.body] ?? 0;
    const timescale = buf.readUInt32BE(mdhd.body + (mdVersion === 1 ? 20 : 12));
    const duration = mdVersion === 1 ? Number(buf.readBigUInt64BE(mdhd.body + 24)) : buf.readUInt32BE(mdhd.body + 16);
    const stbl = child(buf, child(buf, mdia, 'minf'), 'stbl');
    const stsd = child(buf, stbl, 'stsd');
    const entry = stsd ? childBoxes(buf, stsd.body + 8, stsd.end)[0] : undefined;
    const stsz = child(buf, stbl, 'stsz');
    const stss = child(buf, stbl, 'stss');
    const stts = child(buf, stbl, 'stts');
    let sttsDuration = 0;
    if (stts) {
      const entries = buf.readUInt32BE(stts.body + 4);
      for (let i = 0; i < entries; i++)
        sttsDuration += buf.readUInt32BE(stts.body + 8 + i * 8) * buf.readUInt32BE(stts.body + 12 + i * 8);
    }
    track = {
      width,
      height,
      tkhdDuration,
      timescale,
      duration,
      handler,
      codec: entry?.type ?? '',
      sampleCount: stsz ? buf.readUInt32BE(stsz.body + 8) : null,
      syncSamples: stss ? buf.readUInt32BE(stss.body + 4) : null,
      sttsDuration,
      entryWidth: entry ? buf.readUInt16BE(entry.body + 24) : 0,
      entryHeight: entry ? buf.readUInt16BE(entry.body + 26) : 0,
    };
    break;
  }
  return {
    topLevel: top.map((b) => b.type),
    majorBrand: buf.toString('latin1', ftyp.body, ftyp.body + 4),
    movieTimescale,
    movieDuration,
    durationSec: movieTimescale ? movieDuration / movieTimescale : 0,
    track,
  };
}
