import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { isUuid } from '@/contracts/common';
import type { VideoRequestBody } from '@/contracts/videos';
import type { Db } from '@/server/db/client';
import { isUniqueViolation } from '@/server/db/rows';
import { videoTemplates, type VideoTemplate } from '@/server/db/schema';
import { QUEUES } from '@/server/queue/queue';
import { mimeOfKey } from '@/server/storage/store';
import { videoTiers, type VideoTierEntry } from '@/server/upstreams/catalog';
import { planOrThrow, ROUTING_ERRORS } from '@/server/upstreams/engine';
import { loadCandidates, bindingFor } from '@/server/upstreams/registry';
import type { ScopedIdentity } from '@/server/domain/auth/identity';
import { KEY_SPEND_CAP_ERROR } from '@/server/domain/keys/kinds';
import { INSUFFICIENT_CREDITS_ERROR, walletOf } from '@/server/domain/credits/ledger';
import type { Deps } from '@/server/domain/deps';
import { AppError, declared, fieldError } from '@/server/errors';
import {
  checkCallbacks,
  checkOwnFiles,
  firstWithKey,
  IDEMPOTENCY_REUSED_ERROR,
  requestHash,
  scopedIdempotencyKey,
} from '@/server/domain/jobs/submit-inputs';
import { insertJobs } from '@/server/domain/jobs/submit-statement';
import { admitModel } from '@/server/domain/keys/policy';
import { rateLimitedError } from '@/server/domain/limits/rate-limit';
import { canReadContent, grantsOf, visibleTo as templateVisibleTo } from '@/server/domain/templates/access';
import { describeInput } from '@/server/domain/templates/resolve';
import { fillSlots } from '@/server/domain/templates/slots';
import { VIDEO_RATIOS, videoNeeds, videoPrice, type VideoJobInput } from './types';
import { currentRequestId } from '@/server/request-id';

/** What submitting a video task answers besides the caller's and the body's refusals. */
export const VIDEO_SUBMIT_ERRORS = [
  declared(
    'BAD_REQUEST',
    'A rule of the request is broken (a duration outside the tier, an unknown template, a file that is not yours, a refused callback_url)',
  ),
  ...ROUTING_ERRORS,
  INSUFFICIENT_CREDITS_ERROR,
  KEY_SPEND_CAP_ERROR,
  IDEMPOTENCY_REUSED_ERROR,
  rateLimitedError('video tasks (per tenant, per hour: `STUDIO_VIDEO_RATE_PER_HOUR`)'),
];
const DEFAULT_DURATION = 5;
const DEFAULT_RATIO = '16:9';

/** What a submission needs; `binding` when the key look-up read it (`bindingFor`). */
type SubmitDeps = Pick<Deps, 'db' | 'config' | 'files'> & { binding?: string | null };

export interface VideoSubmitted {
  id: string;
  task_id: string;
  jobId: string;
  status: 'pending';
  state: 'queued';
}

/**
 * The tier for a request without `model` (docs/api.md → Video): longer than 15 s or 1080p → the 2.5 pro
 * tier; 768P or 2K → H3; otherwise the configured default tier. With a tenant binding only the tiers
 * the binding allows are considered: when the rule's tier is not one of them, the first allowed tier
 * that has the duration and resolution is used.
 */
export function chooseTier(
  tiers: VideoTierEntry[],
  defaultTier: string,
  duration: number | undefined,
  resolution: string | undefined,
): string {
  const r = resolution?.toLowerCase();
  const preferred =
    (duration ?? 0) > 15 || r === '1080p'
      ? 'videomodel-2-5-pro-260801'
      : r === '768p' || r === '2k'
        ? 'videomodel-H3'
        : defaultTier;
  if (tiers.length === 0 || tiers.some((t) => t.id === preferred)) return preferred;
  const fits = tiers.find(
    (t) =>
      (duration === undefined || (duration >= t.duration.min && duration <= t.duration.max)) &&
      (r === undefined || t.resolutions.some((x) => x.toLowerCase() === r)),
  );
  return (fits ?? tiers[0])?.id ?? preferred;
}

async function videoTemplateForUse(db: Db, who: ScopedIdentity, ref: string): Promise<VideoTemplate> {
  const [row] = await db
    .select()
    .from(videoTemplates)
    .where(
      and(
        isUuid(ref) ? eq(videoTemplates.id, ref) : eq(videoTemplates.slug, ref),
        templateVisibleTo(who, videoTemplates, 'all'),
      ),
    );
  if (!row) throw fieldError(['template_id'], `no video template "${ref}"; GET /api/video-templates lists them`);
  if (!row.active) throw fieldError(['template_id'], `video template "${row.slug}" is deactivated`);
  if (row.gated && !canReadContent(who, row, await grantsOf(db, who))) {
    throw new AppError(
      'FORBIDDEN',
      `template_id: video template "${row.slug}" is gated: its content comes with a claim code`,
    );
  }
  return row;
}

/** Each reference must be a stored file of the right media type (decided from the stored file's extension). */
function checkMediaTypes(ctx: Pick<SubmitDeps, 'files'>, body: VideoRequestBody): void {
  const lists = [
    ['images', 'image', body.images],
    ['videos', 'video', body.videos],
    ['audios', 'audio', body.audios],
  ] as const;
  for (const [field, media, urls] of lists) {
    for (const [i, url] of (urls ?? []).entries()) {
      const key = ctx.files.keyOf(url);
      if (!key) continue; // refused by the ownership check with its own text
      const mime = mimeOfKey(key);
      if (!mime.startsWith(`${media}/`)) {
        const article = (m: string) => (m === 'image' || m === 'audio' ? `an ${m}` : `a ${m}`);
        const kind =
          mime === 'application/octet-stream' ? 'of an unknown type' : `${article(mime.split('/')[0] ?? '')} file`;
        throw fieldError([field, i], `must be ${article(media)} file; ${url} is ${kind}`);
      }
    }
  }
}

/** Validates a request into the job input: template, tier, duration, resolution, ratio, references. */
async function normalise(
  ctx: SubmitDeps,
  who: ScopedIdentity,
  body: VideoRequestBody,
  binding: string | null,
): Promise<VideoJobInput> {
  let prompt = body.prompt ?? '';
  let display: string | undefined;
  let source: VideoJobInput['source'] = { kind: 'prompt' };
  let ratio = body.ratio;
  let duration = body.duration;
  if (body.template_id !== undefined) {
    const template = await videoTemplateForUse(ctx.db, who, body.template_id);
    prompt = fillSlots(template.promptTemplate, template.fields, body.input, { path: [] });
    display = `${template.zhName}: ${describeInput(body.input, template.fields)}`;
    source = { kind: 'template', id: template.id, slug: template.slug };
    // The caller's own values win over the template's generation config.
    const config = template.generationConfigs[0];
    ratio ??= config?.ratio;
    duration ??= config?.duration;
  }
  ratio ??= DEFAULT_RATIO;
  if (!(VIDEO_RATIOS as readonly string[]).includes(ratio))
    throw fieldError(['ratio'], `must be one of ${VIDEO_RATIOS.join(', ')}`);

  // Tiers as configured (enabled or not): a tier whose upstreams are all down is a 503 later, not "unknown".
  const fleet = await loadCandidates(ctx.db);
  const all = videoTiers(
    fleet.map((u) => ({ ...u, enabled: true })),
    null,
  );
  const allowed = videoTiers(
    fleet.map((u) => ({ ...u, enabled: true })),
    binding,
  );
  const tierId = body.model ?? chooseTier(allowed, ctx.config.video.defaultTier, duration, body.resolution);
  const tier = all.find((t) => t.id === tierId);
  if (!tier) {
    const names = all.map((t) => t.id).join(', ');
    throw fieldError(
      body.model ? ['model'] : [],
      `unknown video tier "${tierId}"; the tiers are ${names || 'none'} (GET /api/available-models?media_type=video)`,
    );
  }
  duration ??= Math.max(tier.duration.min, Math.min(DEFAULT_DURATION, tier.duration.max));
  if (duration < tier.duration.min || duration > tier.duration.max) {
    throw fieldError(
      ['duration'],
      `must be ${tier.duration.min}-${tier.duration.max} seconds for ${tier.id} (got ${duration})`,
    );
  }
  let resolution = tier.resolutions[0] ?? '';
  if (body.resolution !== undefined) {
    const wanted = body.resolution.toLowerCase();
    const match = tier.resolutions.find((r) => r.toLowerCase() === wanted);
    if (!match)
      throw fieldError(['resolution'], `${tier.id} offers ${tier.resolutions.join(', ')} (got ${body.resolution})`);
    resolution = match;
  }

  checkMediaTypes(ctx, body);
  await checkOwnFiles(ctx, who, [
    ...(body.images ?? []).map((url, i) => ({ field: ['images', i], url })),
    ...(body.videos ?? []).map((url, i) => ({ field: ['videos', i], url })),
    ...(body.audios ?? []).map((url, i) => ({ field: ['audios', i], url })),
  ]);

  return {
    prompt,
    ...(display !== undefined ? { display_prompt: display } : {}),
    tier: tier.id,
    ratio,
    duration,
    resolution,
    images: body.images ?? [],
    videos: body.videos ?? [],
    audios: body.audios ?? [],
    generate_audio: body.generate_audio ?? false,
    source,
    // The request as the caller sent it (slot values included), so the console can run it again or show it as an API call.
    request: body,
  };
}

const submitted = (id: string): VideoSubmitted => ({ id, task_id: id, jobId: id, status: 'pending', state: 'queued' });

/**
 * `POST /api/videos`: validates everything before anything is accepted, then in one statement (one
 * transaction, one round trip: `insertJobs`, as for images) takes a rate-limit token, charges the tier's
 * price for the duration, inserts the job, its video task and its queue entry and logs its event. A
 * replayed Idempotency-Key (same body, 24 hours) answers the original task.
 */
export async function submitVideo(
  ctx: SubmitDeps,
  who: ScopedIdentity,
  body: VideoRequestBody,
  request: { idempotencyKey: string | null },
): Promise<VideoSubmitted> {
  const idempotencyKey = scopedIdempotencyKey(who, request.idempotencyKey);
  const hash = requestHash(['video', body]);
  const replay = async (key: string) => (await firstWithKey(ctx.db, who.tenantId, key, hash, 'video'))?.id;
  if (idempotencyKey) {
    const first = await replay(idempotencyKey);
    if (first) return submitted(first);
  }
  await checkCallbacks(ctx.config, [body.callback_url]);
  const binding = await bindingFor(ctx, who.tenantId);
  const input = await normalise(ctx, who, body, binding);
  // The key's `models` judge the tier that will run (the one named, or the one chosen for the request).
  admitModel(who, input.tier);
  // Refuse what no upstream can do now (400), or a tier with no upstream up (503), before charging anything.
  await planOrThrow(ctx.db, { media: 'video', model: input.tier, binding, needs: videoNeeds(input) });

  const wallet = await walletOf(ctx.db, who);
  const credits = videoPrice(ctx.config.prices.video, input.tier, input.duration);
  const id = randomUUID();
  try {
    await insertJobs(ctx.db, {
      rows: [
        {
          id,
          tenantId: who.tenantId,
          accountId: wallet.actorAccountId,
          kind: 'video',
          input,
          credits,
          walletAccountId: wallet.accountId,
          callbackUrl: body.callback_url ?? null,
          idempotencyKey,
          requestHash: idempotencyKey ? hash : null,
          costUsd: credits * ctx.config.creditUsd,
          requestId: currentRequestId() ?? null,
          keyId: who.key?.id ?? null,
        },
      ],
      queue: QUEUES.videoJob,
      videoTasks: true,
      limit: { key: `video:${who.tenantId}`, capacity: ctx.config.video.ratePerHour, perMs: 3600_000 },
      what: 'video submissions',
      key: who.key,
      charge:
        credits > 0
          ? {
              tenantId: who.tenantId,
              accountId: wallet.accountId,
              actorAccountId: wallet.actorAccountId,
              amount: -credits,
              kind: 'charge',
              category: 'video',
              ref: id,
              note: `${input.duration} s video`,
            }
          : null,
    });
  } catch (err) {
    // Two identical requests racing on one key: the loser answers the winner's task.
    if (idempotencyKey && isUniqueViolation(err)) {
      const first = await replay(idempotencyKey);
      if (first) return submitted(first);
    }
    throw err;
  }
  return submitted(id);
}
