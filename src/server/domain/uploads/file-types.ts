import type { MediaType } from '@/contracts/uploads';
import { fileTypeFromBuffer } from 'file-type';

const MB = 1024 * 1024;

export interface UploadType {
  ext: string;
  mime: string;
  mediaType: MediaType;
  maxBytes: number;
}

/** What may be uploaded: each media type's size limit, and its formats as extension → MIME type. */
const ALLOWED: Record<MediaType, { maxBytes: number; formats: Record<string, string> }> = {
  image: { maxBytes: 8 * MB, formats: { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' } },
  audio: {
    maxBytes: 20 * MB,
    formats: { mp3: 'audio/mpeg', wav: 'audio/wav', m4a: 'audio/mp4', flac: 'audio/flac', ogg: 'audio/ogg' },
  },
  video: { maxBytes: 50 * MB, formats: { mp4: 'video/mp4', mov: 'video/quicktime', webm: 'video/webm' } },
};

/** What may be uploaded, by canonical extension. */
export const UPLOAD_TYPES: Record<string, UploadType> = Object.fromEntries(
  (Object.entries(ALLOWED) as [MediaType, (typeof ALLOWED)[MediaType]][]).flatMap(
    ([mediaType, { maxBytes, formats }]) =>
      Object.entries(formats).map(([ext, mime]) => [ext, { ext, mime, mediaType, maxBytes }]),
  ),
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
