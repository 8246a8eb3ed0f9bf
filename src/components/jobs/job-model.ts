import type { RouterOutputs } from '@/trpc/react';
import { templateName, type Named } from '@/components/templates/model';

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

/** The template a job was made from, as the caller's template list shows it. */
export interface JobTemplate extends Named {
  slug: string;
  id: string;
  fields: { key: string; label: string }[] | null;
}

/** What a job asked for, as far as its heading needs: the template's slug and the input it was given. */
interface HeadingRequest {
  template_slug: string | null;
  input: string | Record<string, unknown> | null;
}

/** A template job's inputs in one line, by their labels: "主标题 春日上新 · 折扣 8 折". */
export function inputsLine(template: Pick<JobTemplate, 'fields'> | undefined, input: HeadingRequest['input']): string {
  if (input === null) return '';
  if (typeof input === 'string') return input;
  const labels = new Map((template?.fields ?? []).map((f) => [f.key, f.label]));
  return Object.entries(input)
    .map(([k, v]) => `${labels.get(k) ?? k} ${String(v)}`)
    .join(' · ');
}

/** The template a job names: its request's slug, else the job's own template id. */
export const jobTemplateRef = (
  job: Pick<Job, 'template_id'> | undefined,
  request: HeadingRequest | null | undefined,
): string | null => request?.template_slug ?? job?.template_id ?? null;

/**
 * A job page's heading. A template job is named by its template, in the page's language (by its slug, or
 * its id before the request is read, while the template is not in the caller's list), with the inputs it
 * was given below; the prompt they expanded to belongs to the details. Any other job is named by its prompt.
 */
export function jobHeading(
  job: Pick<Job, 'kind' | 'prompt' | 'template_id'>,
  request: HeadingRequest | null | undefined,
  template: JobTemplate | undefined,
  locale: string,
  words: (key: 'conversionTitle' | 'untitled') => string,
): { title: string; inputs: string } {
  const ref = jobTemplateRef(job, request);
  if (!ref) return { title: jobTitle(job, words), inputs: '' };
  return {
    title: template ? templateName(template, locale) : ref,
    inputs: request ? inputsLine(template, request.input) : '',
  };
}
