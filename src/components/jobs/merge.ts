import { replaceEqualDeep, type InfiniteData } from '@tanstack/react-query';
import type { Job, JobStatus, JobsAnswer } from './job-model';

/** Newest first, as the API pages: created_at, then id, both descending. */
function isNewer(a: Job, b: Job): boolean {
  return a.created_at > b.created_at || (a.created_at === b.created_at && a.id > b.id);
}

function insertSorted(list: Job[], job: Job): { list: Job[]; at: number } {
  const at = list.findIndex((j) => isNewer(job, j));
  if (at < 0) return { list: [...list, job], at: list.length };
  return { list: [...list.slice(0, at), job, ...list.slice(at)], at };
}

/**
 * Applies one changed job to the pages of a list query. A job leaves a filtered list when its
 * status no longer matches; a job older than everything loaded waits for "Load more" unless it was
 * already shown. Returns null when nothing changes.
 */
export function mergeIntoPages(pages: JobsAnswer[], job: Job, status: JobStatus | undefined): JobsAnswer[] | null {
  if (pages.length === 0) return null;
  let present = false;
  const stripped = pages.map((p) => {
    const jobs = p.jobs ?? [];
    if (!jobs.some((j) => j.id === job.id)) return p;
    present = true;
    return { ...p, jobs: jobs.filter((j) => j.id !== job.id) };
  });
  if (status && job.status !== status) return present ? stripped : null;

  for (const [i, page] of stripped.entries()) {
    const jobs = page.jobs ?? [];
    const last = i === stripped.length - 1;
    const fits = jobs.length === 0 ? last : !isNewer(jobs[jobs.length - 1] ?? job, job);
    if (!fits && !last) continue;
    const { list, at } = insertSorted(jobs, job);
    // Past the end of the last loaded page the job belongs to a page not fetched yet.
    if (at === jobs.length && last && page.next_cursor && !present) return null;
    return stripped.map((p, k) => (k === i ? { ...p, jobs: list } : p));
  }
  return null;
}

/** Applies one changed job to a single, limited list (e.g. the latest finished images). */
export function mergeIntoList(
  answer: JobsAnswer,
  job: Job,
  status: JobStatus | undefined,
  limit: number,
): JobsAnswer | null {
  const jobs = answer.jobs ?? [];
  const present = jobs.some((j) => j.id === job.id);
  const without = present ? jobs.filter((j) => j.id !== job.id) : jobs;
  if (status && job.status !== status) return present ? { ...answer, jobs: without } : null;
  const { list, at } = insertSorted(without, job);
  if (!present && at >= limit) return null;
  return { ...answer, jobs: list.slice(0, limit) };
}

/** A finished job never turns back into a pending one; an older read must not undo a newer event. */
export function keepNewest(previous: Job | undefined, next: Job): Job {
  if (previous && previous.id === next.id && previous.status !== 'pending' && next.status === 'pending')
    return previous;
  return next;
}

/**
 * Structural sharing for list queries: like the default, plus a refetch that started before a job
 * finished cannot show it as pending again.
 */
export function shareListPages(old: unknown, next: unknown): unknown {
  const data = next as InfiniteData<JobsAnswer> | undefined;
  const before = new Map<string, Job>();
  for (const page of (old as InfiniteData<JobsAnswer> | undefined)?.pages ?? [])
    for (const j of page.jobs ?? []) before.set(j.id, j);
  if (!data || before.size === 0) return replaceEqualDeep(old, next);
  const kept = {
    ...data,
    pages: data.pages.map((p) => (p.jobs ? { ...p, jobs: p.jobs.map((j) => keepNewest(before.get(j.id), j)) } : p)),
  };
  return replaceEqualDeep(old, kept);
}

/** The same for a single-job query. */
export function shareJob(old: unknown, next: unknown): unknown {
  const prev = (old as JobsAnswer | undefined)?.job;
  const answer = next as JobsAnswer;
  return replaceEqualDeep(old, answer.job ? { ...answer, job: keepNewest(prev, answer.job) } : answer);
}
