'use client';

import { useTranslations } from 'next-intl';
import { jobFailureReasons, type JobFailureReason } from '@/contracts/jobs';

const isReason = (value: unknown): value is JobFailureReason =>
  (jobFailureReasons as readonly unknown[]).includes(value);

/**
 * Why a job failed, in the page's language: the catalogue's words for its `reason`; the server's own
 * sentence (English) for a job without one.
 */
export function useFailureText(): (job: { error: string | null; reason?: string | null }) => string | null {
  const t = useTranslations('jobFailures');
  return (job) => (isReason(job.reason) ? t(job.reason) : job.error);
}
