import type { VideoTaskState, VideoTaskView } from '@/contracts/videos';

/** A video task as the console shows it. */
export type VideoTask = VideoTaskView;

/** Still being made: it can be cancelled (credits back). */
export function isActive(state: VideoTaskState): boolean {
  return state === 'queued' || state === 'running';
}

/** Over: it can be deleted. */
export const isFinished = (state: VideoTaskState): boolean => !isActive(state);

export const STATE_LABEL: Record<VideoTaskState, string> = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** How many pages `total` tasks make. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** "Tasks 11–20 of 34" */
export function rangeText(page: number, pageSize: number, shown: number, total: number): string {
  if (total === 0 || shown === 0) return 'No tasks';
  const first = (page - 1) * pageSize + 1;
  return `Tasks ${first}–${first + shown - 1} of ${total}`;
}
