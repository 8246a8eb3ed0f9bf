import { liveness } from '@/server/edge/health';

export const dynamic = 'force-dynamic';

/** Liveness (no key): src/server/edge/health.ts. */
export const GET = liveness;
