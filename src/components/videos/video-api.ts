'use client';

import { createTRPCReact } from '@trpc/react-query';
import type { VideosShape } from './video-api-shape';

/**
 * The console's hooks for the `videos` procedures. They share the console's tRPC client and query
 * cache (the same provider), typed by the video contract.
 */
export const videosApi = createTRPCReact<VideosShape>();
