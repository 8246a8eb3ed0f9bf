import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nalType, NAL_IDR, parseSps, splitAnnexB } from './h264';
import { inspectMp4, writeMp4 } from './mp4-writer';
import { buildVideo, lastFramePng, VIDEO_FRAMES, videoFile } from './video-files';

describe('MP4 writer', () => {
  it('writes mvhd/tkhd/mdhd durations and the frame size for every ratio', () => {
    for (const [ratio, frame] of Object.entries(VIDEO_FRAMES)) {
      for (const seconds of [4, 5, 12, 30]) {
        const bytes = buildVideo(ratio, seconds);
        const info = inspectMp4(bytes);
        expect(info.topLevel).toEqual(['ftyp', 'moov', 'mdat']);
        expect(info.majorBrand).toBe('isom');
        expect(info.movieTimescale).toBe(1000);
        expect(info.movieDuration).toBe(seconds * 1000);
        expect(info.durationSec).toBe(seconds);
        expect(info.track).toMatchObject({
          width: frame.width,
          height: frame.height,
          entryWidth: frame.width,
          entryHeight: frame.height,
          tkhdDuration: seconds * 1000,
          timescale: 1000,
          duration: seconds * 1000,
          sttsDuration: seconds * 1000,
          handler: 'vide',
          codec: 'avc1',
          sampleCount: seconds,
          syncSamples: seconds,
        });
        // A few KB per second.
        expect(bytes.length).toBeLessThan(4_000 * seconds + 2_000);
      }
    }
  });

  it('follows the requested ratio within rounding', () => {
    for (const [ratio, frame] of Object.entries(VIDEO_FRAMES)) {
      const [w, h] = ratio.split(':').map(Number);
      expect(Math.max(frame.width, frame.height)).toBe(320);
      expect(Math.abs(frame.width / frame.height - (w ?? 1) / (h ?? 1))).toBeLessThan(0.03);
    }
  });

  it('reads the baked streams: the SPS size matches the table and the pictures are IDR', () => {
    for (const frame of Object.values(VIDEO_FRAMES)) {
      const nals = splitAnnexB(readFileSync(new URL(`./assets/video/${frame.asset}.h264`, import.meta.url)));
      const sps = nals.find((n) => nalType(n) === 7);
      expect(sps).toBeDefined();
      if (sps) expect(parseSps(sps)).toMatchObject({ width: frame.width, height: frame.height, profileIdc: 66 });
      expect(nals.filter((n) => nalType(n) === NAL_IDR).length).toBe(2);
      expect(nals.some((n) => nalType(n) === 1)).toBe(false);
    }
  });

  it('caches built files per ratio and duration and serves PNG stills', () => {
    expect(videoFile('9:16', 6)).toBe(videoFile('9:16', 6));
    expect(videoFile('9:16', 6)).not.toBe(videoFile('9:16', 7));
    const png = lastFramePng('21:9');
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(320);
    expect(png.readUInt32BE(20)).toBe(138);
  });

  it('rejects a file that is not an MP4 and an empty sample list', () => {
    expect(() => inspectMp4(Buffer.from('<!DOCTYPE html><html></html>'))).toThrow();
    expect(() =>
      writeMp4({
        samples: [],
        sps: Buffer.alloc(0),
        pps: Buffer.alloc(0),
        width: 1,
        height: 1,
        timescale: 1000,
        sampleDuration: 1000,
      }),
    ).toThrow();
  });
  // A real decoder plays these files in the browser tests of the Video page (e2e/videos.spec.ts).
});
