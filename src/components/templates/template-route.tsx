import type { Metadata } from 'next';
import { unstable_rethrow } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { api } from '@/trpc/server';
import { listInput, templateName } from './model';
import { Prefetched } from '@/trpc/prefetched';
import { TemplatePage } from './template-page';

/** The read a template's page starts from: its store, as the page sees it (`all`), so the answers are shared. */
const readStore = (video: boolean) =>
  video ? api.templates.listVideo(listInput('all')) : api.templates.list(listInput('all'));

/**
 * The title of one template's page: the page and the template's name ("Template · Brand key visual"),
 * found with the page's own read, so the same templates are visible. An unknown or hidden id, or a
 * read that fails, gives the plain page title.
 */
export function templateMetadata(video: boolean) {
  return async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
    const [{ id }, t, locale] = await Promise.all([params, getTranslations('templates'), getLocale()]);
    const plain = t(video ? 'metaTitleVideo' : 'metaTitleOne');
    try {
      const found = (await readStore(video)).templates.find((x) => x.id === id);
      if (!found) return { title: plain };
      const name = templateName(found, locale);
      return { title: t(video ? 'videoTitleOf' : 'titleOf', { name }) };
    } catch (err) {
      // A redirect (to sign in) still happens; any other failure leaves the plain title.
      unstable_rethrow(err);
      return { title: plain };
    }
  };
}

/** The page of one template by id; `video` reads the video store, whose ids are separate. */
export function templateRoute(video: boolean) {
  return async function TemplateRoute({ params }: { params: Promise<{ id: string }> }) {
    const { id } = await params;
    const read = video
      ? api.templates.listVideo.prefetch(listInput('all'))
      : api.templates.list.prefetch(listInput('all'));
    return (
      <Prefetched reads={[read]}>
        <TemplatePage id={id} video={video} />
      </Prefetched>
    );
  };
}
