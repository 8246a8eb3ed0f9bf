import { api } from '@/trpc/server';
import { listInput } from './model';
import { Prefetched } from '@/trpc/prefetched';
import { TemplatePage } from './template-page';

/** The page of one template by id; `video` reads the video store, whose ids are separate. */
export function templateRoute(video: boolean) {
  return async function TemplateRoute({ params }: { params: Promise<{ id: string }> }) {
    const { id } = await params;
    const read = video ? api.templates.listVideo.prefetch(listInput('all')) : api.templates.list.prefetch(listInput('all'));
    return (
      <Prefetched reads={[read]}>
        <TemplatePage id={id} video={video} />
      </Prefetched>
    );
  };
}
