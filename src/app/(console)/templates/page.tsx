import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { isKind, isSource, listInput } from '@/components/templates/model';
import { Prefetched } from '@/trpc/prefetched';
import { TemplateStore } from '@/components/templates/store/template-store';
import { api } from '@/trpc/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('templates');
  return { title: t('metaTitle') };
}

interface TemplatesPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function TemplatesPage({ searchParams }: TemplatesPageProps) {
  const { type, source, created } = await searchParams;
  const from = isSource(source) ? source : 'all';
  // The tab counts need both stores, so both are read up front.
  return (
    <Prefetched
      reads={[api.templates.list.prefetch(listInput(from)), api.templates.listVideo.prefetch(listInput(from))]}
    >
      <TemplateStore
        kind={isKind(type) ? type : 'image'}
        source={from}
        created={typeof created === 'string' ? created : undefined}
      />
    </Prefetched>
  );
}
