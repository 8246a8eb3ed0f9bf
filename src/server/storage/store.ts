import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where files live: a local folder today; an S3-compatible bucket is a second implementation of this. */
export interface FileStore {
  /** Stores bytes under a key and answers the public URL. */
  put(key: string, data: Buffer, mime: string): Promise<string>;
  /** Size of a stored object, or null when absent. */
  size(key: string): Promise<number | null>;
  read(key: string, range?: { start: number; end: number }): Readable;
  urlFor(key: string): string;
  /** The key of a URL this store serves, or null for any other URL. */
  keyOf(url: string): string | null;
}

const SAFE_KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/;

export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.split('/').some((p) => p === '..' || p === '.');
}

/** Files in a folder, served by Studio under `{image_host}/files/<key>`. Writes are atomic (temp file + rename). */
export class LocalFileStore implements FileStore {
  constructor(
    private readonly root: string,
    private readonly baseUrl: string,
  ) {}

  private pathOf(key: string): string {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer, _mime: string): Promise<string> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${randomUUID()}.part`;
    try {
      await writeFile(tmp, data);
      await rename(tmp, file);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    return this.urlFor(key);
  }

  async size(key: string): Promise<number | null> {
    if (!isSafeKey(key)) return null;
    try {
      const s = await stat(this.pathOf(key));
      return s.isFile() ? s.size : null;
    } catch {
      return null;
    }
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.pathOf(key), range);
  }

  urlFor(key: string): string {
    return `${this.baseUrl}/files/${key}`;
  }

  keyOf(url: string): string | null {
    const prefix = `${this.baseUrl}/files/`;
    if (!url.startsWith(prefix)) return null;
    const key = decodeURIComponent(url.slice(prefix.length).split(/[?#]/)[0] ?? '');
    return isSafeKey(key) ? key : null;
  }
}

export const MIME_BY_EXT: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  flac: 'audio/flac',
  ogg: 'audio/ogg',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
};

export function mimeOfKey(key: string): string {
  return MIME_BY_EXT[key.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
}
