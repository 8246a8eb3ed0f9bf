'use client';

import { trpc } from '@/trpc/react';
import { IMAGE_TEMPLATES_INPUT } from '@/components/playground/reads';
import { VIDEO_TEMPLATES_INPUT } from '@/components/videos/reads';
import type { JobRequest } from './job-rerun';
import { jobTemplateRef, type Job, type JobTemplate } from './job-model';

/**
 * The template a job was made from, as the caller's template list shows it; undefined when none (or not
 * visible). Found by the request's slug, or by the job's template id before the request is read.
 */
export function useJobTemplate(
  kind: string,
  request: JobRequest | null | undefined,
  job?: Pick<Job, 'template_id'>,
): JobTemplate | undefined {
  const video = kind === 'video';
  const slug = jobTemplateRef(job, request);
  const images = trpc.templates.list.useQuery(IMAGE_TEMPLATES_INPUT, { staleTime: 60_000, enabled: !video && !!slug });
  const videos = trpc.templates.listVideo.useQuery(VIDEO_TEMPLATES_INPUT, {
    staleTime: 60_000,
    enabled: video && !!slug,
  });
  const rows: JobTemplate[] = (video ? videos.data?.templates : images.data?.templates) ?? [];
  return slug ? rows.find((r) => r.slug === slug || r.id === slug) : undefined;
}
