/**
 * The mixed-protocol image run alone (it is also the last part of `bench:jobs` and `bench:routing`; see
 * bench/mixed-protocols.ts for what it measures).
 * Usage: npm run bench:protocols   (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test)
 *   BENCH_JOBS_SIZE=small  the short size CI runs inside bench:jobs.
 */
import { MIXED_SIZES, mixedProtocols } from './mixed-protocols';

await mixedProtocols(process.env.BENCH_JOBS_SIZE === 'small' ? MIXED_SIZES.small : MIXED_SIZES.full);
