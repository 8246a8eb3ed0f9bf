import type { Config } from '@/server/config';
import { checkAlerts } from '@/server/domain/alerts/check';
import { checkKeyCaps } from '@/server/domain/alerts/key-caps';
import { pruneCallLog } from '@/server/domain/calls/prune';
import { pruneSessionRecords } from '@/server/domain/auth/console-sessions';
import { pruneEndedSessions } from '@/server/domain/auth/ended-sessions';
import { pruneChallenges } from '@/server/domain/auth/passkey-ceremony';
import { pruneSignInThrottles } from '@/server/domain/auth/sign-in-throttle';
import { sweepExpiredHolds } from '@/server/domain/credits/hold-statements';
import { failStalledConversions } from '@/server/domain/image-template/jobs';
import { releaseStrandedCredits } from '@/server/domain/members/members';
import { pruneStoredResponses } from '@/server/domain/responses/store';
import { inBatches, pruneGrowingTables, pruneJobEvents } from '@/server/domain/retention/prune';
import { expireResultFiles } from '@/server/domain/retention/result-files';
import { pruneAbandonedUploads } from '@/server/domain/uploads/uploads';
import { probeRemovedUpstreams } from '@/server/upstreams/maintenance';
import { recomputeScores } from '@/server/upstreams/stats';
import type { RecurringTask } from './runner';

/** The worker's recurring work. Each task is idempotent, so several workers may run it. */
export function recurringTasksFor(config: Config): RecurringTask[] {
  return [
    {
      name: 'prune-job-events',
      everyMs: 10 * 60_000,
      run: async (rt) => {
        await inBatches(() => pruneJobEvents(rt.db, rt.config.retention.jobEventsMs));
      },
    },
    {
      // Upstream attempts, done-with mails and Idempotency-Keys past their retention (config.retention).
      name: 'prune-retention',
      everyMs: 60 * 60_000,
      run: async (rt) => {
        await pruneGrowingTables(rt.db, rt.config.retention);
      },
    },
    {
      // Result files of finished jobs past their tenant's retention; the job rows stay, marked expired.
      name: 'expire-result-files',
      everyMs: 60 * 60_000,
      run: async (rt) => {
        await expireResultFiles(rt.db, rt.files, rt.config.retention);
      },
    },
    {
      name: 'prune-abandoned-uploads',
      everyMs: 60 * 60_000,
      run: async (rt) => {
        await pruneAbandonedUploads(rt.db, rt.files);
      },
    },
    {
      name: 'prune-sign-in-throttles',
      everyMs: 60 * 60_000,
      run: async (rt) => {
        await pruneSignInThrottles(rt.db);
        await pruneEndedSessions(rt.db);
        await pruneSessionRecords(rt.db);
        await pruneChallenges(rt.db);
      },
    },
    {
      // Credits a refund once left on a member switched to shared go back to the pool.
      name: 'release-stranded-credits',
      everyMs: 60 * 60_000,
      run: async (rt) => {
        await releaseStrandedCredits(rt.db);
      },
    },
    {
      // Stored responses (OpenAI's Responses API) are kept RESPONSE_RETENTION_DAYS days.
      name: 'prune-stored-responses',
      everyMs: 60 * 60_000,
      run: async (rt) => {
        await pruneStoredResponses(rt.db);
      },
    },
    {
      // The call log keeps chat and reading rows CALL_LOG_RETENTION_DAYS days.
      name: 'prune-call-log',
      everyMs: 60 * 60_000,
      run: async (rt) => {
        await pruneCallLog(rt.db);
      },
    },
    {
      // A conversion that stalls (its upstream hangs, its worker died) is failed and refunded.
      name: 'image-to-template-watchdog',
      everyMs: Math.max(1_000, Math.min(30_000, Math.floor(config.imageToTemplate.watchdogMs / 4))),
      run: async (rt) => {
        await failStalledConversions(rt.db, rt.config.imageToTemplate.watchdogMs);
      },
    },
    {
      // The chat holds of a web process that died come back to their wallets once they expire.
      name: 'sweep-chat-holds',
      everyMs: 30_000,
      run: async (rt) => {
        await sweepExpiredHolds(rt.db);
      },
    },
    {
      // Alerts: thresholds crossed by charges already committed fire once (domain/alerts/check.ts).
      name: 'check-alerts',
      everyMs: 10_000,
      run: async (rt) => {
        await checkAlerts(rt);
        await checkKeyCaps(rt);
      },
    },
    {
      name: 'upstream-scores',
      everyMs: config.scoreIntervalMs,
      run: async (rt) => {
        await recomputeScores(rt.db);
      },
    },
    {
      name: 'upstream-probes',
      everyMs: config.probeIntervalMs,
      run: async (rt) => {
        await probeRemovedUpstreams(rt.db, rt.config.secret, { intervalMs: config.probeIntervalMs });
      },
    },
  ];
}
