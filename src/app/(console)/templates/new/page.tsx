import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { isKind } from '@/components/templates/model';
import { NewTemplatePage } from '@/components/templates/template-page';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('templates');
  return { title: t('metaTitleNew') };
}

interface NewTemplateProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function NewTemplate({ searchParams }: NewTemplateProps) {
  const { type } = await searchParams;
  return <NewTemplatePage kind={isKind(type) ? type : 'image'} />;
}
