import type { Metadata } from 'next';
import { isKind, isSource } from '@/components/templates/model';
import { TemplateStore } from '@/components/templates/template-store';

export const metadata: Metadata = { title: 'Templates' };

interface TemplatesPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function TemplatesPage({ searchParams }: TemplatesPageProps) {
  const { type, source, created } = await searchParams;
  return (
    <TemplateStore
      kind={isKind(type) ? type : 'image'}
      source={isSource(source) ? source : 'all'}
      created={typeof created === 'string' ? created : undefined}
    />
  );
}
