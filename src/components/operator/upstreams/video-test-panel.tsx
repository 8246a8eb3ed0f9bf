'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { trpc } from '@/trpc/react';
import { VideoIcon } from '@/components/icons';
import { ErrorAlert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { ErrorClass } from '@/server/upstreams/types';

/** How often the panel reads the test task, and for how long before it stops following it. */
export const VIDEO_TEST_POLL_MS = 3_000;
export const VIDEO_TEST_FOLLOW_MS = 10 * 60_000;

type Started = { task_id: string; duration: number; model: string; at: number };

/** The billed half of a video channel's test: one short task created, followed every few seconds, its video shown. */
export function VideoTestPanel({ name, model }: { name: string; model: string }) {
  const t = useTranslations('operatorUpstreams.test');
  const format = useFormatter();
  const start = trpc.admin.upstreamTestVideo.useMutation();
  const [started, setStarted] = useState<Started | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const within = started !== null && now - started.at < VIDEO_TEST_FOLLOW_MS;
  const task = trpc.admin.upstreamTestVideoTask.useQuery(
    started
      ? { name, model: started.model, task_id: started.task_id, duration: started.duration }
      : { name, task_id: '-', duration: 1 },
    {
      enabled: started !== null,
      refetchOnWindowFocus: false,
      refetchInterval: (q) => (q.state.data?.task.ok === null || !q.state.data ? VIDEO_TEST_POLL_MS : false),
    },
  );
  const state = started ? task.data?.task : undefined;
  const ended = state !== undefined && state.ok !== null;
  useEffect(() => {
    if (!started || ended) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [started, ended]);

  async function run() {
    setStarted(null);
    const { test } = await start.mutateAsync({ name, model });
    if (test.task_id) setStarted({ task_id: test.task_id, duration: test.duration, model, at: Date.now() });
  }

  const created = start.data?.test;
  const elapsed = started ? Math.round((now - started.at) / 1000) : 0;
  return (
    <div className="space-y-3 border-t border-slate-100 pt-4" data-testid="channel-video-test">
      <p className="text-sm text-slate-600">{t('video.body')}</p>
      <Button
        variant="secondary"
        onClick={() => void run()}
        disabled={start.isPending || (started !== null && !ended && within)}
      >
        {start.isPending ? <Spinner className="size-4" /> : <VideoIcon className="size-4" />}
        {start.isPending ? t('video.creating') : t('video.run')}
      </Button>
      {start.error && <ErrorAlert>{t('failedToRun', { message: start.error.message })}</ErrorAlert>}
      {created && !start.isPending && (
        <div
          role="status"
          data-testid="channel-video-test-result"
          data-state={state?.status ?? (created.ok ? 'created' : 'refused')}
          className="space-y-2 rounded-lg bg-slate-50 p-4 text-sm ring-1 ring-slate-200"
        >
          <p className="font-mono text-xs break-all text-slate-800">
            {created.family} · {created.model} — {created.call}
          </p>
          {!created.ok && (
            <p className="text-rose-800" data-testid="channel-video-test-failure">
              {created.error_class && (
                <Badge tone="rose" className="mr-2 font-mono">
                  {created.error_class}
                </Badge>
              )}
              {t(`classes.${created.error_class as ErrorClass}`)} {created.message}
            </p>
          )}
          {started && (
            <p className="text-slate-700">
              {t('video.state')}{' '}
              <span className="font-medium" data-testid="channel-video-test-state">
                {t(`video.states.${state?.status ?? 'queued'}`)}
              </span>
              {!ended && within && (
                <span className="ml-2 text-slate-500">{t('video.following', { seconds: elapsed })}</span>
              )}
            </p>
          )}
          {started && !ended && !within && (
            <p className="text-amber-800">{t('video.gaveUp', { minutes: VIDEO_TEST_FOLLOW_MS / 60_000 })}</p>
          )}
          {task.error && <ErrorAlert>{t('failedToRun', { message: task.error.message })}</ErrorAlert>}
          {state?.ok === true && state.video && (
            <div className="space-y-2">
              <p className="font-medium text-emerald-900">
                {t('video.made', {
                  seconds: format.number(state.video.duration_s, { maximumFractionDigits: 1 }),
                  size: format.number(state.video.bytes / 1024, { maximumFractionDigits: 0 }),
                })}
              </p>
              <video
                src={state.video.url}
                controls
                playsInline
                className="w-full max-w-md rounded-md bg-black"
                data-testid="channel-video-test-video"
              />
            </div>
          )}
          {state?.ok === false && (
            <p className="text-rose-800" data-testid="channel-video-test-failure">
              {state.error_class && (
                <Badge tone="rose" className="mr-2 font-mono">
                  {state.error_class}
                </Badge>
              )}
              {t('video.taskFailed', { message: state.message ?? '' })}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
