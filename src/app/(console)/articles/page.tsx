import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ArticleWriter } from '@/components/articles/article-writer';
import { ARTICLE_TEMPLATES_INPUT } from '@/components/articles/reads';
import { Prefetched } from '@/trpc/prefetched';
import { getConfig } from '@/server/config';
import { api } from '@/trpc/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('articles');
  return { title: t('metaTitle') };
}

interface ArticlesPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function ArticlesPage({ searchParams }: ArticlesPageProps) {
  const { template } = await searchParams;
  const start = (Array.isArray(template) ? template[0] : template)?.trim() || null;
  // The templates arrive with the page.
  return (
    <Prefetched reads={[api.session.me.prefetch(), api.templates.list.prefetch(ARTICLE_TEMPLATES_INPUT)]}>
      <ArticleWriter key={start ?? ''} price={getConfig().prices.article} startTemplate={start} />
    </Prefetched>
  );
}
