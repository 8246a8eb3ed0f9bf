import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { access, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { logger } from '@/server/logger';
import { download } from '@/server/upstreams/providers/http';
import { imageExtension } from './media-facts';

/**
 * A video's cover: the provider's last frame when it gives one, else the first frame of the stored MP4
 * taken with ffmpeg. A cover is a convenience: when neither can be had the video is still the result.
 */

/** How long ffmpeg may take for one frame, and the address space it may use (prlimit, where present). */
const FFMPEG_TIMEOUT_MS = 20_000;
const FFMPEG_MEMORY_BYTES = 1024 * 1024 * 1024;
/** A cover larger than this is not kept (a 4K JPEG frame is a few MB). */
const MAX_COVER_BYTES = 10 * 1024 * 1024;

export interface Cover {
  data: Buffer;
  ext: 'png' | 'jpg' | 'webp';
}

let prlimit: Promise<boolean> | undefined;
/** Whether util-linux's prlimit is installed, to cap ffmpeg's memory (checked once). */
const hasPrlimit = () =>
  (prlimit ??= access('/usr/bin/prlimit').then(
    () => true,
    () => false,
  ));

/** Runs a command to its end within `ms`; resolves its exit code, or null when it could not start or was killed. */
function run(cmd: string, args: string[], ms: number): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < 2000) stderr += d.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), ms);
    child.on('error', (err) => {
      clearTimeout(timer);
      // ENOENT: ffmpeg is not installed, so videos have no cover unless the provider gives one (docs/operations.md).
      logger.info({ err: err.message }, 'ffmpeg could not be started');
      resolve(null);
    });
    child.on('close', (code, sig) => {
      clearTimeout(timer);
      if (code !== 0) logger.info({ code, signal: sig, stderr: stderr.slice(0, 500) }, 'ffmpeg did not take the frame');
      resolve(sig ? null : code);
    });
  });
}

/**
 * The first frame of an MP4 file as a JPEG at the video's own size, or null (ffmpeg absent, too slow, or the
 * file has no decodable frame). One thread, one frame, a time limit and, with prlimit, a memory limit.
 */
export async function firstFrame(mp4: string, ffmpeg = 'ffmpeg'): Promise<Cover | null> {
  const out = path.join(os.tmpdir(), `studio-cover-${randomUUID()}.jpg`);
  const args = ['-nostdin', '-v', 'error', '-threads', '1', '-i', mp4, '-frames:v', '1', '-q:v', '3', '-y', out];
  try {
    const limited = await hasPrlimit();
    const code = limited
      ? await run('/usr/bin/prlimit', [`--as=${FFMPEG_MEMORY_BYTES}`, '--', ffmpeg, ...args], FFMPEG_TIMEOUT_MS)
      : await run(ffmpeg, args, FFMPEG_TIMEOUT_MS);
    if (code !== 0) return null;
    const data = await readFile(out);
    return data.length <= MAX_COVER_BYTES && imageExtension(data) === 'jpg' ? { data, ext: 'jpg' } : null;
  } catch (err) {
    logger.info({ err }, 'the first frame could not be read');
    return null;
  } finally {
    await rm(out, { force: true });
  }
}

/** The provider's cover image (its last frame), or null when it cannot be fetched or is not an image. */
export async function providerCover(url: string): Promise<Cover | null> {
  try {
    const cover = await download(url, AbortSignal.timeout(60_000), MAX_COVER_BYTES);
    const ext = imageExtension(cover.data);
    return ext ? { data: cover.data, ext } : null;
  } catch (err) {
    logger.info({ err }, 'the provider’s video cover could not be fetched');
    return null;
  }
}

export const coverMime = (ext: Cover['ext']) => (ext === 'jpg' ? 'image/jpeg' : `image/${ext}`);
