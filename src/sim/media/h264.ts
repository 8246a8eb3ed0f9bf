/**
 * Reading an H.264 Annex B elementary stream for the simulator's MP4 writer: NAL units, the
 * sequence parameter set's frame size, and all-keyframe streams ready to be muxed.
 */

/** Splits an Annex B byte stream (`00 00 01` / `00 00 00 01` start codes) into NAL units. */
export function splitAnnexB(stream: Buffer): Buffer[] {
  const starts: { at: number; len: number }[] = [];
  for (let i = 0; i + 2 < stream.length; i++) {
    if (stream[i] === 0 && stream[i + 1] === 0) {
      if (stream[i + 2] === 1) {
        starts.push({ at: i, len: 3 });
        i += 2;
      } else if (stream[i + 2] === 0 && stream[i + 3] === 1) {
        starts.push({ at: i, len: 4 });
        i += 3;
      }
    }
  }
  return starts.map((s, k) => {
    let end = k + 1 < starts.length ? (starts[k + 1]?.at ?? stream.length) : stream.length;
    // Trailing zero bytes before the next start code belong to no NAL unit.
    while (end > s.at + s.len && stream[end - 1] === 0 && k + 1 < starts.length) end--;
    return stream.subarray(s.at + s.len, end);
  });
}

export const NAL_IDR = 5;
export const NAL_SPS = 7;
export const NAL_PPS = 8;

export function nalType(nal: Buffer): number {
  return (nal[0] ?? 0) & 0x1f;
}

/** Removes emulation prevention bytes (`00 00 03` → `00 00`) to get the raw RBSP. */
function rbsp(nal: Buffer): Buffer {
  const out: number[] = [];
  let zeros = 0;
  for (const b of nal) {
    if (zeros >= 2 && b === 3) {
      zeros = 0;
      continue;
    }
    out.push(b);
    zeros = b === 0 ? zeros + 1 : 0;
  }
  return Buffer.from(out);
}

class BitReader {
  private bit = 0;
  constructor(private readonly bytes: Buffer) {}
  u(n: number): number {
    let v = 0;
    for (let i = 0; i < n; i++) {
      const byte = this.bytes[this.bit >> 3];
      if (byte === undefined) throw new Error('SPS ended early');
      v = v * 2 + ((byte >> (7 - (this.bit & 7))) & 1);
      this.bit++;
    }
    return v;
  }
  ue(): number {
    let zeros = 0;
    while (this.u(1) === 0) {
      zeros++;
      if (zeros > 31) throw new Error('bad Exp-Golomb code in SPS');
    }
    return 2 ** zeros - 1 + this.u(zeros);
  }
  se(): number {
    const k = this.ue();
    return k % 2 === 1 ? (k + 1) / 2 : -(k / 2);
  }
}

export interface SpsInfo {
  profileIdc: number;
  constraintFlags: number;
  levelIdc: number;
  chromaFormatIdc: number;
  bitDepthLumaMinus8: number;
  bitDepthChromaMinus8: number;
  width: number;
  height: number;
}

export const HIGH_PROFILES = new Set([100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135]);

/** Reads profile, level and the cropped frame size from an SPS NAL unit. */
export function parseSps(nal: Buffer): SpsInfo {
  if (nalType(nal) !== NAL_SPS) throw new Error('not an SPS NAL unit');
  const r = new BitReader(rbsp(nal.subarray(1)));
  const profileIdc = r.u(8);
  const constraintFlags = r.u(8);
  const levelIdc = r.u(8);
  r.ue(); // seq_parameter_set_id
  let chromaFormatIdc = 1;
  let bitDepthLumaMinus8 = 0;
  let bitDepthChromaMinus8 = 0;
  if (HIGH_PROFILES.has(profileIdc)) {
    chromaFormatIdc = r.ue();
    if (chromaFormatIdc === 3) r.u(1);
    bitDepthLumaMinus8 = r.ue();
    bitDepthChromaMinus8 = r.ue();
    r.u(1); // qpprime_y_zero_transform_bypass_flag
    if (r.u(1)) throw new Error('SPS scaling matrices are not supported');
  }
  r.ue(); // log2_max_frame_num_minus4
  const pocType = r.ue();
  if (pocType === 0) {
    r.ue();
  } else if (pocType === 1) {
    r.u(1);
    r.se();
    r.se();
    const n = r.ue();
    for (let i = 0; i < n; i++) r.se();
  }
  r.ue(); // max_num_ref_frames
  r.u(1); // gaps_in_frame_num_value_allowed_flag
  const widthMbs = r.ue() + 1;
  const heightMapUnits = r.ue() + 1;
  const frameMbsOnly = r.u(1);
  if (!frameMbsOnly) r.u(1);
  r.u(1); // direct_8x8_inference_flag
  let crop = { l: 0, r: 0, t: 0, b: 0 };
  if (r.u(1)) crop = { l: r.ue(), r: r.ue(), t: r.ue(), b: r.ue() };
  const subW = chromaFormatIdc === 1 || chromaFormatIdc === 2 ? 2 : 1;
  const subH = chromaFormatIdc === 1 ? 2 : 1;
  const cropX = chromaFormatIdc === 0 ? 1 : subW;
  const cropY = (chromaFormatIdc === 0 ? 1 : subH) * (2 - frameMbsOnly);
  return {
    profileIdc,
    constraintFlags,
    levelIdc,
    chromaFormatIdc,
    bitDepthLumaMinus8,
    bitDepthChromaMinus8,
    width: widthMbs * 16 - (crop.l + crop.r) * cropX,
    height: (2 - frameMbsOnly) * heightMapUnits * 16 - (crop.t + crop.b) * cropY,
  };
}

/** An all-intra H.264 stream ready to be muxed: parameter sets and the IDR access units. */
export interface KeyframeStream {
  sps: Buffer;
  pps: Buffer;
  /** Each entry is one IDR access unit's slice NAL units (without start codes). */
  keyframes: Buffer[][];
  width: number;
  height: number;
}

/** Reads an Annex B stream whose pictures are all IDR (as `x264 keyint=1` writes them). SEI and AUDs are dropped. */
export function readKeyframeStream(stream: Buffer): KeyframeStream {
  const nals = splitAnnexB(stream);
  const sps = nals.find((n) => nalType(n) === NAL_SPS);
  const pps = nals.find((n) => nalType(n) === NAL_PPS);
  if (!sps || !pps) throw new Error('the H.264 stream has no SPS or PPS');
  const keyframes: Buffer[][] = [];
  for (const nal of nals) {
    const type = nalType(nal);
    if (type === 1) throw new Error('the H.264 stream has non-IDR pictures');
    if (type !== NAL_IDR) continue;
    // first_mb_in_slice == 0 (the leading bit of ue(v) is 1) starts a new picture.
    const firstMbZero = ((nal[1] ?? 0) & 0x80) !== 0;
    const last = keyframes[keyframes.length - 1];
    if (firstMbZero || !last) keyframes.push([nal]);
    else last.push(nal);
  }
  if (keyframes.length === 0) throw new Error('the H.264 stream has no IDR picture');
  const { width, height } = parseSps(sps);
  return { sps, pps, keyframes, width, height };
}
