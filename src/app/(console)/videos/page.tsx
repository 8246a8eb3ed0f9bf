import type { Metadata } from 'next';
import { Prefetched } from '@/trpc/prefetched';
import { VideoStudio } from '@/components/videos/video-studio';
import { VIDEO_MODELS_INPUT, VIDEO_TEMPLATES_INPUT } from '@/components/videos/reads';
import { api } from '@/trpc/server';

export const metadata: Metadata = { title: 'Video' };

export default function VideosPage() {
  // The tiers and templates arrive with the page, so the form opens in place.
  const reads = [
    api.session.me.prefetch(),
    api.models.available.prefetch(VIDEO_MODELS_INPUT),
    api.templates.listVideo.prefetch(VIDEO_TEMPLATES_INPUT),
  ];
  return (
    <Prefetched reads={reads}>
      <VideoStudio prices={null} />
    </Prefetched>
  );
}
