import { VIDEO_PAGE_SIZE_DEFAULT, type VideoTaskState } from '@/contracts/videos';

/**
 * The inputs of the reads the Video page prefetches on the server and its components ask for again:
 * the same input gives the same cache entry, so the page's data is used at once.
 */
export const VIDEO_MODELS_INPUT = { media_type: 'video' } as const;
export const VIDEO_TEMPLATES_INPUT = { source: 'all' } as const;

/** Tasks per page of the list. */
export const VIDEO_PAGE_SIZE = Math.min(10, VIDEO_PAGE_SIZE_DEFAULT);

/** One page of the task list, narrowed to one state or not. */
export function videoListInput(state: VideoTaskState | undefined, page: number) {
  return { page_num: page, page_size: VIDEO_PAGE_SIZE, ...(state ? { 'filter.status': state } : {}) };
}
