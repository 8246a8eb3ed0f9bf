import { randomBytes } from 'node:crypto';
import { Lru } from './lru';

/**
 * Outputs served at `/__sim/files/<id>.<ext>` (image `response_format: 'url'`). Kept in memory,
 * bounded by count and bytes; an evicted file answers 404, like an expired provider URL.
 */
export interface StoredFile {
  bytes: Buffer;
  contentType: string;
}

export class SimFileStore {
  private readonly files: Lru<string, StoredFile>;

  constructor(maxFiles = 500, maxBytes = 512 * 1024 * 1024) {
    this.files = new Lru<string, StoredFile>(maxFiles, maxBytes, (f) => f.bytes.length);
  }

  /** Stores bytes and returns the file name (`<id>.<ext>`). */
  put(ext: string, bytes: Buffer, contentType: string): string {
    const name = `file_${randomBytes(12).toString('hex')}.${ext}`;
    this.files.set(name, { bytes, contentType });
    return name;
  }

  get(name: string): StoredFile | undefined {
    return this.files.get(name);
  }

  clear(): void {
    this.files.clear();
  }
}

export const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  mp4: 'video/mp4',
};
