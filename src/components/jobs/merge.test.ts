import { describe, expect, it } from 'vitest';
import type { Job, JobsAnswer } from './job-model';
import { keepNewest, mergeIntoList, mergeIntoPages, shareJob } from './merge';

let seq = 0;
function job(minute: number, status: Job['status'] = 'done'): Job {
  const id = `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;
  return {
    id,
    job_id: id,
    jobId: id,
    status,
    cdn_url: status === 'done' ? `http://studio.test/files/t/${id}.png` : null,
    result_expired_at: null,
    error: null,
    reason: null,
    elapsed_ms: status === 'pending' ? null : 300,
    note: null,
    steps: null,
    kind: 'image',
    prompt: `job at ${minute}`,
    skill_slug: null,
    template_id: null,
    ratio: '1:1',
    quality: 'high',
    background: null,
    batch_id: null,
    request_id: null,
    created_at: new Date(Date.UTC(2026, 0, 1, 12, minute)).toISOString(),
    credits: 1,
    credits_refunded: 0,
    finished_at: null,
  };
}

const page = (jobs: Job[], next: string | null = null): JobsAnswer => ({ ok: true, jobs, next_cursor: next });
const ids = (pages: JobsAnswer[] | null) => pages?.map((p) => (p.jobs ?? []).map((j) => j.prompt));

describe('mergeIntoPages', () => {
  it('puts a new job on top of the first page', () => {
    const [a, b] = [job(1), job(2)];
    const fresh = job(3, 'pending');
    expect(ids(mergeIntoPages([page([b, a])], fresh, undefined))).toEqual([['job at 3', 'job at 2', 'job at 1']]);
  });

  it('changes a job in place, on whichever page it is', () => {
    const [a, b, c] = [job(1, 'pending'), job(2), job(3)];
    const merged = mergeIntoPages([page([c, b], 'cursor'), page([a])], { ...a, status: 'done' }, undefined);
    expect(ids(merged)).toEqual([['job at 3', 'job at 2'], ['job at 1']]);
    expect(merged?.[1]?.jobs?.[0]?.status).toBe('done');
  });

  it('leaves a job older than everything loaded to "Load more"', () => {
    const [old, b] = [job(1), job(2)];
    expect(mergeIntoPages([page([b], 'cursor')], old, undefined)).toBeNull();
    expect(ids(mergeIntoPages([page([b])], old, undefined))).toEqual([['job at 2', 'job at 1']]);
  });

  it('keeps filtered lists to their status', () => {
    const pending = job(1, 'pending');
    const list = [page([pending])];
    expect(ids(mergeIntoPages(list, { ...pending, status: 'done' }, 'pending'))).toEqual([[]]);
    expect(mergeIntoPages([page([])], job(2, 'failed'), 'done')).toBeNull();
    expect(ids(mergeIntoPages([page([])], job(3), 'done'))).toEqual([['job at 3']]);
  });
});

describe('mergeIntoList', () => {
  it('adds finished images on top and keeps the limit', () => {
    const list = page([job(3), job(2), job(1)]);
    const merged = mergeIntoList(list, job(4), 'done', 3);
    expect(merged?.jobs?.map((j) => j.prompt)).toEqual(['job at 4', 'job at 3', 'job at 2']);
    expect(mergeIntoList(list, job(5, 'pending'), 'done', 3)).toBeNull();
  });
});

describe('keepNewest', () => {
  it('never turns a finished job back into a pending one', () => {
    const done = job(1);
    const stale = { ...done, status: 'pending' as const };
    expect(keepNewest(done, stale)).toBe(done);
    expect(keepNewest(stale, done)).toBe(done);
    expect((shareJob({ ok: true, job: done }, { ok: true, job: stale }) as JobsAnswer).job?.status).toBe('done');
  });
});
