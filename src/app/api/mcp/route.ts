import { serveMcpWeb } from '@/server/edge/mcp/doors';

export const dynamic = 'force-dynamic';

/** MCP under `next dev` (the front server has its own door): src/server/edge/mcp/serve.ts. */
export { serveMcpWeb as DELETE, serveMcpWeb as GET, serveMcpWeb as POST };
