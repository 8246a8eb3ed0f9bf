'use client';

import { trpc } from '@/trpc/react';
import { IMAGE_TEMPLATES_INPUT } from '@/components/playground/reads';
import { VIDEO_TEMPLATES_INPUT } from '@/components/videos/reads';
import type { JobRequest } from './job-rerun';

export interface JobTemplate {
  slug: string;
  id: string;
  zh_name: string;
  fields: { key: string; label: string }[] | null;
}

/** The template a job was made from, as the caller's template list shows it; undefined when none (or not visible). */
export function useJobTemplate(kind: string, request: JobRequest | null | undefined): JobTemplate | undefined {
  const video = kind === 'video';
  const slug = request?.template_slug ?? null;
  const images = trpc.templates.list.useQuery(IMAGE_TEMPLATES_INPUT, { staleTime: 60_000, enabled: !video && !!slug });
  const videos = trpc.templates.listVideo.useQuery(VIDEO_TEMPLATES_INPUT, {
    staleTime: 60_000,
    enabled: video && !!slug,
  });
  const rows: JobTemplate[] = (video ? videos.data?.templates : images.data?.templates) ?? [];
  return slug ? rows.find((r) => r.slug === slug || r.id === slug) : undefined;
}

/** A template job's inputs in one line, by their labels: "主标题 春日上新 · 折扣 8 折". */
export function inputsLine(template: JobTemplate | undefined, input: JobRequest['input']): string {
  if (input === null) return '';
  if (typeof input === 'string') return input;
  const labels = new Map((template?.fields ?? []).map((f) => [f.key, f.label]));
  return Object.entries(input)
    .map(([k, v]) => `${labels.get(k) ?? k} ${String(v)}`)
    .join(' · ');
}
