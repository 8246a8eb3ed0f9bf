import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { videoFile, videoFrameSize } from '@/sim/media/video-files';
import { firstFrame } from './cover';

/** The video's first frame as its cover, taken with ffmpeg (Debian's `ffmpeg` package, as .ci/run installs it). */
describe('the first frame of a stored MP4', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-cover-test-'));

  it('is a JPEG at the video’s own size', async () => {
    for (const ratio of ['16:9', '9:16']) {
      const file = path.join(dir, `v-${ratio.replace(':', 'x')}.mp4`);
      writeFileSync(file, videoFile(ratio, 3));
      const cover = await firstFrame(file);
      expect(cover?.ext, ratio).toBe('jpg');
      const meta = await sharp(cover?.data).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
        format: 'jpeg',
        ...videoFrameSize(ratio),
      });
    }
  });

  it('is none, without an error, when ffmpeg is absent or the file is not a video', async () => {
    const file = path.join(dir, 'v.mp4');
    writeFileSync(file, videoFile('1:1', 2));
    expect(await firstFrame(file, 'ffmpeg-not-installed')).toBeNull();
    const junk = path.join(dir, 'junk.mp4');
    writeFileSync(junk, Buffer.from('not a video at all'));
    expect(await firstFrame(junk)).toBeNull();
  });
});
