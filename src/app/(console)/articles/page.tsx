import type { Metadata } from 'next';
import { ArticleWriter } from '@/components/articles/article-writer';
import { getConfig } from '@/server/config';
import { currentMe, serverApi } from '@/trpc/server';

export const metadata: Metadata = { title: 'Articles' };

interface ArticlesPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function ArticlesPage({ searchParams }: ArticlesPageProps) {
  const { template } = await searchParams;
  const start = (Array.isArray(template) ? template[0] : template)?.trim() || null;
  const api = await serverApi();
  // The templates arrive with the page; if the read fails, the browser loads them and shows any error.
  const [me, templates] = await Promise.all([
    currentMe(),
    api.templates
      .list({ type: 'article', source: 'all' })
      .then((a) => a.templates)
      .catch(() => null),
  ]);
  return (
    <ArticleWriter
      key={start ?? ''}
      initialMe={me}
      price={getConfig().prices.article}
      initialTemplates={templates}
      startTemplate={start}
    />
  );
}
