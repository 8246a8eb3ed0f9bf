import { fileTypeFromBuffer } from 'file-type';
import type { MediaType } from '../../db/schema';

const MB = 1024 * 1024;

export interface UploadType {
  ext: string;
  mime: string;
  mediaType: MediaType;
  maxBytes: number;
}

/** What may be uploaded, by canonical extension. */
export const UPLOAD_TYPES: Record<string, UploadType> = Object.fromEntries(
  (
    [
      ['png', 'image/png', 'image', 8 * MB],
      ['jpg', 'image/jpeg', 'image', 8 * MB],
      ['webp', 'image/webp', 'image', 8 * MB],
      ['gif', 'image/gif', 'image', 8 * MB],
      ['mp3', 'audio/mpeg', 'audio', 20 * MB],
      ['wav', 'audio/wav', 'audio', 20 * MB],
      ['m4a', 'audio/mp4', 'audio', 20 * MB],
      ['flac', 'audio/flac', 'audio', 20 * MB],
      ['ogg', 'audio/ogg', 'audio', 20 * MB],
      ['mp4', 'video/mp4', 'video', 50 * MB],
      ['mov', 'video/quicktime', 'video', 50 * MB],
      ['webm', 'video/webm', 'video', 50 * MB],
    ] as const
  ).map(([ext, mime, mediaType, maxBytes]) => [ext, { ext, mime, mediaType, maxBytes }]),
);

/** The largest upload of any type: a stream is cut off here before its type is known. */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_TYPES).map((t) => t.maxBytes));
/** How many leading bytes detection reads. */
export const SNIFF_BYTES = 4100;

/** Other names of the same formats, as callers may write them or as detection reports them. */
const ALIASES: Record<string, string> = { jpeg: 'jpg', oga: 'ogg', opus: 'ogg', qt: 'mov', wave: 'wav' };

/** The upload type of a declared extension (`.JPEG`, `jpeg` and `jpg` are the same), or null. */
export function typeOfExt(ext: string): UploadType | null {
  const clean = ext.trim().toLowerCase().replace(/^\./, '');
  return UPLOAD_TYPES[ALIASES[clean] ?? clean] ?? null;
}

/** Decides the type from the leading bytes alone, never from a name or declared MIME; null when not an allowed type. */
export async function detectType(head: Uint8Array): Promise<UploadType | null> {
  const found = await fileTypeFromBuffer(head);
  if (!found) return null;
  return typeOfExt(found.ext);
}

export const allowedList = (): string =>
  (['image', 'audio', 'video'] as const)
    .map((m) => {
      const types = Object.values(UPLOAD_TYPES).filter((t) => t.mediaType === m);
      return `${m} ${types.map((t) => t.ext).join('/')} up to ${(types[0]?.maxBytes ?? 0) / MB} MB`;
    })
    .join('; ');

export const formatMb = (bytes: number): string => `${Math.round((bytes / MB) * 10) / 10} MB`;
