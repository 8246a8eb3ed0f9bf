import { readiness } from '@/server/edge/health';

export const dynamic = 'force-dynamic';

/** Readiness (no key): src/server/edge/health.ts. */
export const GET = readiness;
