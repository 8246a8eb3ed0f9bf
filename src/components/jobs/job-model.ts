import type { RouterOutputs } from '@/trpc/react';

/** A job as the API shows it (GET /api/jobs, the jobs feed). */
export type Job = NonNullable<RouterOutputs['jobs']['get']['job']>;
export type JobStatus = Job['status'];
export type JobsAnswer = RouterOutputs['jobs']['get'];

export const JOB_STATUSES: readonly JobStatus[] = ['pending', 'done', 'failed'];

export function isJobStatus(value: unknown): value is JobStatus {
  return typeof value === 'string' && (JOB_STATUSES as readonly string[]).includes(value);
}

/** Narrows a feed event's payload; anything unexpected is ignored rather than trusted. */
export function parseJob(data: string): Job | null {
  try {
    const value: unknown = JSON.parse(data);
    if (typeof value !== 'object' || value === null) return null;
    const v = value as Record<string, unknown>;
    if (typeof v.id !== 'string' || !isJobStatus(v.status) || typeof v.created_at !== 'string') return null;
    return value as Job;
  } catch {
    return null;
  }
}

/** "3:4" → "3 / 4" for CSS aspect-ratio; unknown shapes fall back to a square. */
export function cssAspect(ratio: string): string {
  const m = /^(\d{1,3}):(\d{1,3})$/.exec(ratio);
  return m ? `${m[1]} / ${m[2]}` : '1 / 1';
}

export function formatElapsed(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
const timeOnly = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });

/** Local time; today's jobs show the time only. Call in the browser only (the viewer's time zone). */
export function formatCreated(iso: string, now = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toDateString() === now.toDateString() ? timeOnly.format(d) : dateTime.format(d);
}

/** An image-to-template conversion: no image of its own, steps instead. */
export const isConversion = (job: Pick<Job, 'kind'>): boolean => job.kind === 'template';

/** What a job is, above its title: the key of its name in the `jobs.kind` messages. */
export function jobKind(job: Pick<Job, 'kind'>): 'video' | 'template' | 'image' {
  return job.kind === 'video' ? 'video' : isConversion(job) ? 'template' : 'image';
}

/** A job's title in lists: its prompt; a conversion has none and is named by what it is (words from `jobs`). */
export function jobTitle(
  job: Pick<Job, 'kind' | 'prompt'>,
  words: (key: 'conversionTitle' | 'untitled') => string,
): string {
  return job.prompt || words(isConversion(job) ? 'conversionTitle' : 'untitled');
}
