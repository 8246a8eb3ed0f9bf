import { serveFile } from '@/server/edge/files';

export const dynamic = 'force-dynamic';

/** Stored files with byte ranges, sandboxed: src/server/edge/files.ts. */
export { serveFile as GET, serveFile as HEAD };
