'use client';

import { useState } from 'react';
import { ExternalIcon, TrashIcon, VideoIcon } from '../icons';
import { ErrorAlert } from '../ui/alert';
import { Badge } from '../ui/badge';
import { Button, buttonClasses } from '../ui/button';
import { Card } from '../ui/card';
import { cn } from '../ui/cn';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Spinner } from '../ui/spinner';
import { formatCreated, formatElapsed } from '../jobs/job-model';
import { isActive, STATE_LABEL, type VideoTask } from './video-model';

const TEXT = {
  untitled: 'Video from a template',
  player: (prompt: string) => `Video: ${prompt}`,
  open: 'Open video',
  cancel: 'Cancel',
  delete: 'Delete',
  cancelTitle: 'Cancel this video?',
  cancelBody: (credits: number) => `It stops being made, and its ${credits} credit${credits === 1 ? '' : 's'} go back to your balance.`,
  cancelConfirm: 'Cancel video',
  deleteTitle: 'Delete this video?',
  deleteBody: 'The task and its video link are removed from your list. This cannot be undone.',
  deleteConfirm: 'Delete video',
  credits: (n: number) => `${n} credit${n === 1 ? '' : 's'}`,
  refunded: 'refunded',
  progress: 'Progress',
  waiting: { queued: 'Waiting for a free slot…', running: 'Being made…' },
  ready: (ms: number | null) => `Ready in ${formatElapsed(ms)}`,
  sound: 'with sound',
  images: (n: number) => `${n} image${n === 1 ? '' : 's'}`,
  template: 'template',
} as const;

const TONE = { queued: 'slate', running: 'amber', succeeded: 'emerald', failed: 'rose', cancelled: 'slate' } as const;

export function VideoStateBadge({ state }: { state: VideoTask['state'] }) {
  return (
    <Badge tone={TONE[state]} className="gap-1" data-state={state}>
      {isActive(state) ? <Spinner className="size-3" /> : <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />}
      {STATE_LABEL[state]}
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
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const active = isActive(task.state);
  const refunded = task.state === 'failed' || task.state === 'cancelled';
  const title = task.prompt || TEXT.untitled;

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
    <Card className="overflow-hidden" data-testid="video-task" data-task-id={task.id} data-state={task.state} aria-busy={active}>
      <div className="flex items-start justify-between gap-3 px-4 pt-3.5 sm:px-5">
        <div className="min-w-0">
          <p lang="zh-CN" className="line-clamp-3 text-sm leading-6 font-medium break-words text-slate-900" title={task.prompt}>
            {title}
          </p>
          <p className="mt-0.5 text-xs break-words text-slate-500">
            {[
              task.model,
              `${task.duration} s`,
              task.resolution,
              task.ratio,
              task.generate_audio ? TEXT.sound : null,
              task.images.length > 0 ? TEXT.images(task.images.length) : null,
              task.template_id ? TEXT.template : null,
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
            aria-label={TEXT.player(title)}
            className="aspect-video w-full rounded-xl bg-slate-900 object-contain"
          />
        ) : task.state === 'queued' || task.state === 'running' ? (
          <Progress state={task.state} progress={task.progress} />
        ) : task.state === 'failed' ? (
          <ErrorAlert>{task.error ?? STATE_LABEL.failed}</ErrorAlert>
        ) : task.state === 'cancelled' ? null : (
          <div className="grid aspect-video place-items-center rounded-xl bg-slate-100 text-slate-400">
            <VideoIcon className="size-8" />
          </div>
        )}
        {task.note && <p className="mt-2 text-xs break-words text-amber-700">{task.note}</p>}
      </div>

      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 px-4 py-2.5 sm:px-5">
        <p className="text-xs text-slate-500 tabular-nums">
          <time dateTime={task.created_at} suppressHydrationWarning>
            {formatCreated(task.created_at)}
          </time>
          {' · '}
          <span data-testid="task-credits" className={cn(refunded && 'line-through')}>
            {TEXT.credits(task.credits)}
          </span>
          {refunded && ` ${TEXT.refunded}`}
          {task.state === 'succeeded' && ` · ${TEXT.ready(task.elapsed_ms)}`}
        </p>
        <div className="flex items-center gap-1.5">
          {task.state === 'succeeded' && task.video_url && (
            <a href={task.video_url} target="_blank" rel="noreferrer" className={buttonClasses('ghost', 'sm', 'h-7 px-2.5 text-xs')}>
              {TEXT.open}
              <ExternalIcon className="size-3.5" />
            </a>
          )}
          <Button variant="secondary" size="sm" className="h-7 px-2.5 text-xs" onClick={() => setConfirming(true)} aria-label={`${active ? TEXT.cancel : TEXT.delete}: ${title}`}>
            {!active && <TrashIcon className="size-3.5" />}
            {active ? TEXT.cancel : TEXT.delete}
          </Button>
        </div>
      </div>

      <ConfirmDialog
        open={confirming}
        title={active ? TEXT.cancelTitle : TEXT.deleteTitle}
        confirmLabel={active ? TEXT.cancelConfirm : TEXT.deleteConfirm}
        busy={busy}
        error={error}
        onConfirm={() => void confirm()}
        onCancel={() => {
          setConfirming(false);
          setError(null);
        }}
      >
        {active ? TEXT.cancelBody(task.credits) : TEXT.deleteBody}
      </ConfirmDialog>
    </Card>
  );
}

function Progress({ state, progress }: { state: 'queued' | 'running'; progress: number | null }) {
  return (
    <div className="grid aspect-video place-items-center rounded-xl bg-gradient-to-br from-slate-100 to-indigo-50/60 px-6">
      <div className="w-full max-w-xs text-center">
        <p className="text-sm font-medium text-slate-700">{TEXT.waiting[state]}</p>
        <div
          role="progressbar"
          aria-label={TEXT.progress}
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
        {progress !== null && <p className="mt-1.5 text-xs text-slate-500 tabular-nums">{progress}%</p>}
      </div>
    </div>
  );
}
