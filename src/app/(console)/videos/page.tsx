import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Prefetched } from '@/trpc/prefetched';
import { VideoStudio } from '@/components/videos/video-studio';
import { VIDEO_MODELS_INPUT, VIDEO_TEMPLATES_INPUT, videoListInput } from '@/components/videos/reads';
import { getConfig } from '@/server/config';
import { api } from '@/trpc/server';
import { jobToRunAgain } from '@/trpc/job-to-run-again';
import { videoStartFrom } from '@/components/jobs/job-rerun';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('videos');
  return { title: t('metaTitle') };
}

interface VideosPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function VideosPage({ searchParams }: VideosPageProps) {
  // ?from=<jobId> ("Run again" on a job's page) starts from every setting and input of that video job.
  const { from } = await searchParams;
  const again = await jobToRunAgain(from, 'video');
  // The tiers, templates and first page of tasks arrive with the page, so the form and list open in place.
  const reads = [
    api.session.me.prefetch(),
    api.models.available.prefetch(VIDEO_MODELS_INPUT),
    api.templates.listVideo.prefetch(VIDEO_TEMPLATES_INPUT),
    api.videos.get.prefetch(videoListInput(undefined, 1)),
  ];
  // Prices per second by tier are the running server's settings, shown as an estimate before submitting.
  const config = getConfig();
  return (
    <Prefetched reads={reads}>
      <VideoStudio
        key={again ? String(from) : ''}
        prices={config.prices.video}
        defaultTier={config.video.defaultTier}
        {...(again ? { start: videoStartFrom(again) } : {})}
      />
    </Prefetched>
  );
}
