'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { ExternalIcon, TrashIcon, VideoIcon } from '@/components/icons';
import { ErrorAlert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { useFailureText } from '@/components/jobs/failure-text';
import { formatDuration } from '@/components/usage/format';
import { isActive, stateName, type VideoTask } from './video-model';
import { resolutionLabel } from './resolution-label';
import { useTierName } from '@/components/tiers/tier-names';

const TONE = { queued: 'slate', running: 'amber', succeeded: 'emerald', failed: 'rose', cancelled: 'slate' } as const;

export function VideoStateBadge({ state }: { state: VideoTask['state'] }) {
  const names = useTranslations('videos.states');
  return (
    <Badge tone={TONE[state]} className="gap-1" data-state={state}>
      {isActive(state) ? (
        <Spinner className="size-3" />
      ) : (
        <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      )}
      {stateName(state, names)}
    </Badge>
  );
}

interface VideoTaskCardProps {
  task: VideoTask;
  /** Cancels (queued, running) or deletes (finished); rejects with the server's refusal. */
  onRemove: (task: VideoTask) => Promise<unknown>;
}

/** One task: its prompt and settings, its state and progress, the video once made, cancel or delete. */
export function VideoTaskCard({ task, onRemove }: VideoTaskCardProps) {
  const t = useTranslations('videos.card');
  const states = useTranslations('videos.states');
  const durations = useTranslations('usage.duration');
  const tierName = useTierName();
  const failure = useFailureText();
  const format = useFormatter();
  const credits = (n: number) => t('credits', { count: n, amount: format.number(n, 'credits') });
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const active = isActive(task.state);
  const refunded = task.state === 'failed' || task.state === 'cancelled';
  const title = task.prompt || t('untitled');

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await onRemove(task);
      setConfirming(false);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card
      className="overflow-hidden"
      data-testid="video-task"
      data-task-id={task.id}
      data-state={task.state}
      aria-busy={active}
    >
      <div className="flex items-start justify-between gap-3 px-4 pt-3.5 sm:px-5">
        <div className="min-w-0">
          <p
            lang="zh-CN"
            className="line-clamp-3 text-sm leading-6 font-medium break-words text-slate-900"
            title={task.prompt}
          >
            {title}
          </p>
          <p className="mt-0.5 text-xs break-words text-slate-500">
            {[
              tierName(task.model),
              t('seconds', { n: task.duration }),
              task.resolution ? resolutionLabel(task.resolution) : null,
              task.ratio,
              task.generate_audio ? t('sound') : null,
              task.images.length > 0 ? t('images', { count: task.images.length }) : null,
              task.template_id ? t('template') : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
        <div aria-live="polite" className="shrink-0">
          <VideoStateBadge state={task.state} />
        </div>
      </div>

      <div className="px-4 py-3 sm:px-5">
        {task.state === 'succeeded' && task.video_url ? (
          <video
            controls
            preload="metadata"
            playsInline
            poster={task.cover_url ?? undefined}
            src={task.video_url}
            aria-label={t('player', { prompt: title })}
            className="aspect-video w-full rounded-xl bg-slate-900 object-contain"
          />
        ) : task.state === 'queued' || task.state === 'running' ? (
          <Progress state={task.state} progress={task.progress} />
        ) : task.state === 'failed' ? (
          <ErrorAlert>{failure(task) ?? stateName('failed', states)}</ErrorAlert>
        ) : task.state === 'cancelled' ? null : (
          <div className="grid aspect-video place-items-center rounded-xl bg-slate-100 text-slate-600">
            <VideoIcon className="size-8" />
          </div>
        )}
        {task.note && <p className="mt-2 text-xs break-words text-amber-700">{task.note}</p>}
      </div>

      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 px-4 py-2.5 sm:px-5">
        <p className="text-xs text-slate-500 tabular-nums">
          <time dateTime={task.created_at}>{createdAt(format, task.created_at)}</time>
          {' · '}
          <span data-testid="task-credits" className={cn(refunded && 'line-through')}>
            {credits(task.credits)}
          </span>
          {refunded && ` ${t('refunded')}`}
          {task.state === 'succeeded' && ` · ${t('ready', { elapsed: formatDuration(durations, task.elapsed_ms) })}`}
        </p>
        <div className="flex items-center gap-1.5">
          {task.state === 'succeeded' && task.video_url && (
            <a
              href={task.video_url}
              target="_blank"
              rel="noreferrer"
              className={buttonClasses('ghost', 'sm', 'h-7 px-2.5 text-xs')}
            >
              {t('open')}
              <ExternalIcon className="size-3.5" />
            </a>
          )}
          <Button
            variant="secondary"
            size="sm"
            className="h-7 px-2.5 text-xs"
            onClick={() => setConfirming(true)}
            aria-label={active ? t('cancelLabel', { title }) : t('deleteLabel', { title })}
          >
            {!active && <TrashIcon className="size-3.5" />}
            {active ? t('cancel') : t('delete')}
          </Button>
        </div>
      </div>

      <ConfirmDialog
        open={confirming}
        title={active ? t('cancelTitle') : t('deleteTitle')}
        confirmLabel={active ? t('cancelConfirm') : t('deleteConfirm')}
        busy={busy}
        error={error}
        onConfirm={() => void confirm()}
        onCancel={() => {
          setConfirming(false);
          setError(null);
        }}
      >
        {active
          ? t('cancelBody', { count: task.credits, amount: format.number(task.credits, 'credits') })
          : t('deleteBody')}
      </ConfirmDialog>
    </Card>
  );
}

function Progress({ state, progress }: { state: 'queued' | 'running'; progress: number | null }) {
  const t = useTranslations('videos.card');
  const format = useFormatter();
  return (
    <div className="grid aspect-video place-items-center rounded-xl bg-gradient-to-br from-slate-100 to-indigo-50/60 px-6">
      <div className="w-full max-w-xs text-center">
        <p className="text-sm font-medium text-slate-700">{t('waiting', { state })}</p>
        <div
          role="progressbar"
          aria-label={t('progress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress ?? undefined}
          className="mt-3 h-1.5 overflow-hidden rounded-full bg-slate-200"
        >
          {progress === null ? (
            <div className="h-full w-1/3 animate-pulse rounded-full bg-indigo-400" />
          ) : (
            <div className="h-full rounded-full bg-indigo-600 transition-[width]" style={{ width: `${progress}%` }} />
          )}
        </div>
        {progress !== null && (
          <p className="mt-1.5 text-xs text-slate-500 tabular-nums">
            {format.number(progress / 100, { style: 'percent' })}
          </p>
        )}
      </div>
    </div>
  );
}

/** When a task was created: date and minute in Asia/Shanghai, in the page's language. */
function createdAt(format: ReturnType<typeof useFormatter>, iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : format.dateTime(d, 'minute');
}
