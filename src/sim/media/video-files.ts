import { readFileSync } from 'node:fs';
import { Lru } from './lru';
import { readKeyframeStream, type KeyframeStream } from './h264';
import { writeMp4 } from './mp4-writer';

/**
 * The files behind a simulated video task: a real H.264 MP4 of the task's duration whose frame
 * follows its ratio, and the PNG of that frame for `last_frame_url`.
 *
 * Each ratio has one baked frame (`assets/video/<w>x<h>.h264`, two IDR pictures of the same
 * still, plus `.png` of the still; see `assets/video/make.sh`). A video of N seconds is N
 * one-second samples alternating between the two IDR pictures (their `idr_pic_id` differs, as
 * H.264 requires of consecutive IDR pictures), so a file costs about 3 KB per second and is
 * built in microseconds. Built files are kept in a small LRU keyed by ratio and duration.
 */

/** The ratios the video channels accept, each with its baked asset and frame size (long side 320). */
export const VIDEO_FRAMES: Readonly<Record<string, { asset: string; width: number; height: number }>> = {
  '16:9': { asset: '16x9', width: 320, height: 180 },
  '9:16': { asset: '9x16', width: 180, height: 320 },
  '1:1': { asset: '1x1', width: 320, height: 320 },
  '4:3': { asset: '4x3', width: 320, height: 240 },
  '3:4': { asset: '3x4', width: 240, height: 320 },
  '21:9': { asset: '21x9', width: 320, height: 138 },
};

/** Video frames per second of the simulated files (one keyframe per second). */
export const VIDEO_FILE_FPS = 1;
/** Track timescale (ticks per second) of the simulated files. */
export const VIDEO_FILE_TIMESCALE = 1000;
/** Longest file the simulator writes, in seconds. */
export const MAX_VIDEO_FILE_SEC = 120;

function frameFor(ratio: string): { asset: string; width: number; height: number } {
  return VIDEO_FRAMES[ratio] ?? VIDEO_FRAMES['16:9'] ?? { asset: '16x9', width: 320, height: 180 };
}

const streams = new Map<string, KeyframeStream>();
const stills = new Map<string, Buffer>();

function asset(name: string): Buffer {
  return readFileSync(new URL(`./assets/video/${name}`, import.meta.url));
}

function streamFor(ratio: string): KeyframeStream {
  const { asset: name } = frameFor(ratio);
  let s = streams.get(name);
  if (!s) {
    s = readKeyframeStream(asset(`${name}.h264`));
    streams.set(name, s);
  }
  return s;
}

/** Builds (uncached) an MP4 of `seconds` for `ratio`; unknown ratios fall back to 16:9. */
export function buildVideo(ratio: string, seconds: number): Buffer {
  const n = Math.min(MAX_VIDEO_FILE_SEC, Math.max(1, Math.round(seconds))) * VIDEO_FILE_FPS;
  const s = streamFor(ratio);
  const samples = Array.from({ length: n }, (_, i) => s.keyframes[i % s.keyframes.length] ?? []);
  return writeMp4({
    samples,
    sps: s.sps,
    pps: s.pps,
    width: s.width,
    height: s.height,
    timescale: VIDEO_FILE_TIMESCALE,
    sampleDuration: VIDEO_FILE_TIMESCALE / VIDEO_FILE_FPS,
  });
}

/** Built files, bounded by count and bytes. */
const cache = new Lru<string, Buffer>(96, 16 * 1024 * 1024, (b) => b.length);

/** The MP4 for a ratio and a whole number of seconds, from the cache when possible. */
export function videoFile(ratio: string, seconds: number): Buffer {
  const key = `${frameFor(ratio).asset}/${seconds}`;
  let bytes = cache.get(key);
  if (!bytes) {
    bytes = buildVideo(ratio, seconds);
    cache.set(key, bytes);
  }
  return bytes;
}

/** How many built files are cached (for tests). */
export function videoCacheSize(): number {
  return cache.size;
}

/** The PNG of the frame the ratio's video shows (what `last_frame_url` serves). */
export function lastFramePng(ratio: string): Buffer {
  const { asset: name } = frameFor(ratio);
  let png = stills.get(name);
  if (!png) {
    png = asset(`${name}.png`);
    stills.set(name, png);
  }
  return png;
}

/** Frame size of the simulated file for a ratio. */
export function videoFrameSize(ratio: string): { width: number; height: number } {
  const { width, height } = frameFor(ratio);
  return { width, height };
}
