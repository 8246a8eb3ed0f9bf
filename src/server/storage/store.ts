import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { isSafeKey, keyOfUrl } from './file-url';

export { isSafeKey };

/** A presigned single-object upload: PUT the bytes to `url` with exactly these headers. */
export interface PresignedPut {
  url: string;
  headers: { 'Content-Type': string; 'Content-Length': string };
  expiresIn: number;
}

/**
 * Where files live: a folder in the data directory (served by Studio at `{image_host}/files/<key>`)
 * or an S3-compatible bucket (public URLs from a configured base). Keys are `<tenant id>/...`.
 */
export interface FileStore {
  readonly kind: 'local' | 's3';
  /** Stores bytes under a key and answers the public URL. */
  put(key: string, data: Buffer, mime: string): Promise<string>;
  /** Moves a finished local file (consumed) into the store under a key; answers the public URL. */
  putFile(key: string, file: string, mime: string, size: number): Promise<string>;
  /** Size of a stored object, or null when absent. */
  size(key: string): Promise<number | null>;
  read(key: string, range?: { start: number; end: number }): Readable;
  /** The first `bytes` bytes of an object (fewer when it is shorter), or null when absent. */
  head(key: string, bytes: number): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  urlFor(key: string): string;
  /** The key of a URL this store serves, or null for any other URL. */
  keyOf(url: string): string | null;
  /** A URL the client PUTs one object of exactly this type and size to; null when the store has none. */
  presignPut(key: string, mime: string, size: number, expiresIn: number): Promise<PresignedPut | null>;
}

/** Files in a folder, served by Studio under `{image_host}/files/<key>`. Writes are atomic (temp file + rename). */
export class LocalFileStore implements FileStore {
  readonly kind = 'local' as const;
  constructor(
    private readonly root: string,
    private readonly baseUrl: string,
  ) {}

  private pathOf(key: string): string {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
    return path.join(this.root, key);
  }

  /** Folders this store has made (or found): a write into one skips its `mkdir`. */
  private readonly folders = new Set<string>();

  /**
   * Runs `write` into the folder of `file`, making the folder first the first time; a folder removed
   * behind the store's back (ENOENT) is made again and the write retried once.
   */
  private async inFolder<T>(file: string, write: () => Promise<T>): Promise<T> {
    const dir = path.dirname(file);
    if (!this.folders.has(dir)) await this.makeFolder(dir);
    try {
      return await write();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      this.folders.delete(dir);
      await this.makeFolder(dir);
      return write();
    }
  }

  private async makeFolder(dir: string): Promise<void> {
    await mkdir(dir, { recursive: true });
    // One folder a day per tenant: a long-running worker drops the list now and then, never needing all of it.
    if (this.folders.size >= 10_000) this.folders.clear();
    this.folders.add(dir);
  }

  async put(key: string, data: Buffer, _mime: string): Promise<string> {
    const file = this.pathOf(key);
    await this.inFolder(file, async () => {
      const tmp = `${file}.${randomUUID()}.part`;
      try {
        await writeFile(tmp, data);
        await rename(tmp, file);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    });
    return this.urlFor(key);
  }

  async putFile(key: string, file: string, _mime: string, _size: number): Promise<string> {
    const target = this.pathOf(key);
    try {
      await this.inFolder(target, () => rename(file, target));
    } catch (err) {
      // Another file system: copy, then drop the source.
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      const tmp = `${target}.${randomUUID()}.part`;
      try {
        await copyFile(file, tmp);
        await rename(tmp, target);
      } finally {
        await rm(tmp, { force: true });
        await rm(file, { force: true });
      }
    }
    return this.urlFor(key);
  }

  async head(key: string, bytes: number): Promise<Buffer | null> {
    if (!isSafeKey(key)) return null;
    let handle;
    try {
      handle = await open(this.pathOf(key), 'r');
    } catch {
      return null;
    }
    try {
      const buf = Buffer.alloc(bytes);
      const { bytesRead } = await handle.read(buf, 0, bytes, 0);
      return buf.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async delete(key: string): Promise<void> {
    if (isSafeKey(key)) await rm(this.pathOf(key), { force: true });
  }

  presignPut(): Promise<PresignedPut | null> {
    return Promise.resolve(null);
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
    return keyOfUrl(url, `${this.baseUrl}/files/`);
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
