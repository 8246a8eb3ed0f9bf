import { videoTaskStates, type VideoTaskState, type VideoTaskView } from '@/contracts/videos';

/** A video task as the console shows it. */
export type VideoTask = VideoTaskView;

/** Still being made: it can be cancelled (credits back). */
export function isActive(state: VideoTaskState): boolean {
  return state === 'queued' || state === 'running';
}

/** Over: it can be deleted. */
export const isFinished = (state: VideoTaskState): boolean => !isActive(state);

/**
 * A task state as the API names it (English words), in the page's language: `names` gives the words of
 * the states it knows (`videos.states`); an unknown state is shown as it comes.
 */
export function stateName(state: string, names: (state: VideoTaskState) => string): string {
  return (videoTaskStates as readonly string[]).includes(state) ? names(state as VideoTaskState) : state;
}

/** How many pages `total` tasks make. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** What a page of the list shows, "Tasks 11–20 of 34", in the words given (`none` for an empty page). */
export function rangeText(
  page: number,
  pageSize: number,
  shown: number,
  total: number,
  words: { none: string; range: (span: { first: number; last: number; total: number }) => string },
): string {
  if (total === 0 || shown === 0) return words.none;
  const first = (page - 1) * pageSize + 1;
  return words.range({ first, last: first + shown - 1, total });
}
