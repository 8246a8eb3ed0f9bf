'use client';

import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { trpc } from '@/trpc/react';
import { isJobStatus, parseJob, type Job, type JobsAnswer } from './job-model';
import { keepNewest, mergeIntoList, mergeIntoPages } from './merge';

/** connecting: opening or reopening the feed; live: events flow; offline: the server refused it. */
export type FeedState = 'idle' | 'connecting' | 'live' | 'offline';

interface FeedContext {
  state: FeedState;
  /** Registers a component that needs live updates; the feed is open while anyone does. */
  retain: () => () => void;
  /** Registers a listener for every job event (after the cache is updated); answers the way to remove it. */
  listen: (listener: JobListener) => () => void;
}

/** Told of each job event: its type (`job.created`, `job.updated`, `job.done`, `job.failed`) and the job. */
export type JobListener = (type: string, job: Job) => void;

const Context = createContext<FeedContext | null>(null);

const JOB_EVENTS = ['job.created', 'job.updated', 'job.done', 'job.failed'] as const;

interface ListInput {
  id?: string;
  status?: unknown;
  limit?: number;
}

function listInputOf(key: readonly unknown[]): { input: ListInput; infinite: boolean } | null {
  const meta = key[1];
  if (typeof meta !== 'object' || meta === null) return null;
  const { input, type } = meta as { input?: unknown; type?: unknown };
  if (typeof input !== 'object' || input === null) return null;
  return { input, infinite: type === 'infinite' };
}

/** Writes one job event into every cached jobs query: the job itself and each list that shows it. */
function applyJob(queryClient: QueryClient, job: Job): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: getQueryKey(trpc.jobs.get) })) {
    const parsed = listInputOf(query.queryKey);
    if (!parsed || parsed.input.id !== undefined) continue;
    const status = isJobStatus(parsed.input.status) ? parsed.input.status : undefined;
    if (parsed.infinite) {
      queryClient.setQueryData<InfiniteData<JobsAnswer>>(query.queryKey, (data) => {
        if (!data) return data;
        const pages = mergeIntoPages(data.pages, job, status);
        return pages ? { ...data, pages } : data;
      });
    } else {
      queryClient.setQueryData<JobsAnswer>(query.queryKey, (data) => {
        if (!data) return data;
        return mergeIntoList(data, job, status, parsed.input.limit ?? 20) ?? data;
      });
    }
  }
}

/**
 * One connection to GET /api/jobs-stream for the whole console, opened while a page needs it.
 * Events update the query cache, so every view of a job changes in place.
 */
export function JobFeedProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const [users, setUsers] = useState(0);
  const listeners = useRef(new Set<JobListener>());
  // The state of the open feed; a closed one is idle, and the next opening starts from connecting.
  const [connection, setConnection] = useState<Exclude<FeedState, 'idle'>>('connecting');
  const active = users > 0;
  const state: FeedState = active ? connection : 'idle';

  useEffect(() => {
    if (!active) return;
    const source = new EventSource('/api/jobs-stream');
    const onJob = (event: MessageEvent<string>) => {
      const job = parseJob(event.data);
      if (!job) return;
      utils.jobs.get.setData({ id: job.id }, (old) => ({ ok: true, job: keepNewest(old?.job, job) }));
      applyJob(queryClient, job);
      // Submissions charge credits and failures refund them.
      if (event.type !== 'job.updated') void utils.session.me.invalidate();
      for (const listener of listeners.current) listener(event.type, job);
    };
    for (const type of JOB_EVENTS) source.addEventListener(type, onJob);
    source.addEventListener('ready', () => setConnection('live'));
    // The session stopped working (signed out elsewhere, login removed, organisation disabled): sign in again.
    source.addEventListener('revoked', () => {
      source.close();
      window.location.assign('/login');
    });
    // The browser reconnects by itself (sending Last-Event-ID) unless the server refused the stream.
    source.onerror = () => setConnection(source.readyState === EventSource.CLOSED ? 'offline' : 'connecting');
    return () => {
      source.close();
      setConnection('connecting');
    };
  }, [active, queryClient, utils]);

  const retain = useCallback(() => {
    setUsers((n) => n + 1);
    return () => setUsers((n) => n - 1);
  }, []);

  const listen = useCallback((listener: JobListener) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);

  const value = useMemo(() => ({ state, retain, listen }), [state, retain, listen]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

/** Keeps the job feed open while the calling component is mounted; returns its state. */
export function useJobFeed(): FeedState {
  const ctx = useContext(Context);
  const retain = ctx?.retain;
  useEffect(() => retain?.(), [retain]);
  return ctx?.state ?? 'offline';
}

/**
 * Keeps the job feed open and calls `onJob` for each job event while the calling component is
 * mounted (the latest `onJob` is used; it need not be stable). Returns the feed's state.
 */
export function useJobEvents(onJob: JobListener): FeedState {
  const ctx = useContext(Context);
  const latest = useRef(onJob);
  useEffect(() => {
    latest.current = onJob;
  });
  const listen = ctx?.listen;
  useEffect(() => listen?.((type, job) => latest.current(type, job)), [listen]);
  return useJobFeed();
}

/** How often to re-read a pending job: rarely while events flow, often when they do not. */
export function pendingPollMs(feed: FeedState): number {
  return feed === 'live' ? 15_000 : 2_500;
}
