import { serveThumbnail } from '@/server/edge/thumbnails';

export const dynamic = 'force-dynamic';

/** Thumbnails of uploaded images, made on first request: src/server/edge/thumbnails.ts. */
export { serveThumbnail as GET, serveThumbnail as HEAD };
