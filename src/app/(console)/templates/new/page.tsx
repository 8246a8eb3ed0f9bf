import type { Metadata } from 'next';
import { isKind } from '@/components/templates/model';
import { NewTemplatePage } from '@/components/templates/template-page';

export const metadata: Metadata = { title: 'New template' };

interface NewTemplateProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function NewTemplate({ searchParams }: NewTemplateProps) {
  const { type } = await searchParams;
  return <NewTemplatePage kind={isKind(type) ? type : 'image'} />;
}
