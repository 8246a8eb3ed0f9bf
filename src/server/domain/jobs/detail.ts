import { and, asc, eq, or } from 'drizzle-orm';
import { callbackDeliveries, ledgerEntries, templateHooks, type Job } from '@/server/db/schema';
import type { ScopedIdentity } from '@/server/domain/auth/identity';
import type { Deps } from '@/server/domain/deps';
import { getJob, jobView, type JobView } from './read';

/** One attempt to deliver the job's callback. */
export interface DeliveryView {
  attempt: number;
  url: string;
  status_code: number | null;
  outcome: 'delivered' | 'failed' | 'refused';
  error: string | null;
  duration_ms: number;
  at: string;
}

/** A credit movement that belongs to the job (its charge when it was charged alone, its refunds). */
export interface LedgerLine {
  kind: 'charge' | 'refund';
  amount: number;
  note: string | null;
  at: string;
}

/** What the job asked for beyond the job view: the request as sent and what it resolved to. */
export interface JobRequestView {
  /**
   * The body to send again to `POST /api/generate` (images) or `POST /api/videos` (videos), exactly as
   * the caller sent it; for jobs older than this record, rebuilt from what was kept (`complete` false
   * when a skill's or template's input was not kept).
   */
  body: Record<string, unknown>;
  complete: boolean;
  /** Image model family or channel asked for (null: routed), or the video tier used. */
  model: string | null;
  reference_images: string[];
  template_slug: string | null;
  /** The caller's skill or template input: one sentence or the form's values. */
  input: string | Record<string, string | number | boolean> | null;
  duration: number | null;
  resolution: string | null;
  generate_audio: boolean | null;
  callback_url: string | null;
}

export interface JobDetailView {
  job: JobView;
  credits: number;
  refunded: number;
  ledger: LedgerLine[];
  request: JobRequestView | null;
  deliveries: DeliveryView[];
  /** Downstream templates bound to the image template this job was made from (enabled hooks only). */
  hooks: { hook_type: 'article' | 'video'; hook_template_slug: string }[];
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

function slotInput(v: unknown): JobRequestView['input'] {
  if (typeof v === 'string') return v;
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
  const out: Record<string, string | number | boolean> = {};
  for (const [k, x] of Object.entries(v))
    if (typeof x === 'string' || typeof x === 'number' || typeof x === 'boolean') out[k] = x;
  return out;
}

/** The request behind an image or video job; null for a conversion, which has its own page of steps. */
export function requestOf(job: Pick<Job, 'kind' | 'input' | 'callbackUrl'>): JobRequestView | null {
  if (job.kind === 'template') return null;
  const input = job.input;
  const source = (input.source ?? {}) as { kind?: unknown; slug?: unknown; id?: unknown };
  const kept =
    typeof input.request === 'object' && input.request !== null ? (input.request as Record<string, unknown>) : null;
  const video = job.kind === 'video';
  const body = kept ?? rebuild(input, source, video, job.callbackUrl);
  const templateSlug = source.kind === 'template' ? (str(source.slug) ?? str(source.id)) : null;
  return {
    body,
    complete: kept !== null || source.kind === 'prompt' || source.kind === undefined,
    model: video ? str(input.tier) : str(input.model),
    reference_images: strings(video ? input.images : input.reference_images),
    template_slug: templateSlug,
    input: slotInput(kept?.input),
    duration: typeof input.duration === 'number' ? input.duration : null,
    resolution: str(input.resolution),
    generate_audio: typeof input.generate_audio === 'boolean' ? input.generate_audio : null,
    callback_url: job.callbackUrl,
  };
}

/** A job from before requests were kept: what its stored input still says, as a request. */
function rebuild(
  input: Record<string, unknown>,
  source: { kind?: unknown; slug?: unknown; id?: unknown },
  video: boolean,
  callbackUrl: string | null,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (source.kind === 'skill') body.skill_slug = source.slug;
  else if (source.kind === 'template') body.template_id = source.id;
  else body.prompt = input.prompt;
  if (video) {
    Object.assign(body, {
      model: input.tier,
      ratio: input.ratio,
      duration: input.duration,
      resolution: input.resolution,
    });
    for (const k of ['images', 'videos', 'audios'] as const) if (strings(input[k]).length > 0) body[k] = input[k];
    if (input.generate_audio === true) body.generate_audio = true;
  } else {
    Object.assign(body, { ratio: input.ratio, quality: input.quality });
    if (input.background) body.background = input.background;
    if (input.model) body.model = input.model;
    if (strings(input.reference_images).length > 0 && source.kind !== 'template')
      body.reference_images = input.reference_images;
  }
  if (callbackUrl) body.callback_url = callbackUrl;
  return body;
}

/**
 * Console only: one job with what it cost, the request behind it, its callback deliveries and the
 * hooks of its template. Visible under the same rules as `GET /api/jobs?id=` (404 otherwise).
 */
export async function readJobDetail({ db }: Pick<Deps, 'db'>, who: ScopedIdentity, id: string): Promise<JobDetailView> {
  const job = await getJob(db, who, id);
  const refs = [eq(ledgerEntries.ref, job.id)];
  const [ledger, deliveries, hooks] = await Promise.all([
    db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.tenantId, who.tenantId), or(...refs)))
      .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id)),
    db
      .select()
      .from(callbackDeliveries)
      .where(eq(callbackDeliveries.jobId, job.id))
      .orderBy(asc(callbackDeliveries.at), asc(callbackDeliveries.id)),
    hooksOf(db, who, job),
  ]);
  const lines: LedgerLine[] = ledger
    .filter((l): l is typeof l & { kind: 'charge' | 'refund' } => l.kind === 'charge' || l.kind === 'refund')
    .map((l) => ({ kind: l.kind, amount: l.amount, note: l.note, at: l.createdAt.toISOString() }));
  return {
    job: jobView(job),
    credits: job.credits,
    refunded: lines.filter((l) => l.kind === 'refund').reduce((s, l) => s + l.amount, 0),
    ledger: lines,
    request: requestOf(job),
    deliveries: deliveries.map((d) => ({
      attempt: d.attempt,
      url: d.url,
      status_code: d.statusCode,
      outcome: d.ok,
      error: d.error,
      duration_ms: d.durationMs,
      at: d.at.toISOString(),
    })),
    hooks,
  };
}

async function hooksOf(db: Pick<Deps, 'db'>['db'], who: ScopedIdentity, job: Job): Promise<JobDetailView['hooks']> {
  const source = (job.input.source ?? {}) as { kind?: unknown; slug?: unknown };
  if (job.kind !== 'image' || source.kind !== 'template' || typeof source.slug !== 'string') return [];
  const rows = await db
    .select({ hookType: templateHooks.hookType, slug: templateHooks.hookTemplateSlug })
    .from(templateHooks)
    .where(
      and(
        eq(templateHooks.tenantId, who.tenantId),
        eq(templateHooks.imageTemplateSlug, source.slug),
        eq(templateHooks.enabled, true),
      ),
    )
    .orderBy(asc(templateHooks.hookType));
  return rows.map((r) => ({ hook_type: r.hookType, hook_template_slug: r.slug }));
}
