import { serveTrpc } from '@/server/edge/trpc';

export const dynamic = 'force-dynamic';

/** The console's tRPC endpoint: src/server/edge/trpc.ts. */
export { serveTrpc as GET, serveTrpc as POST };
