import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ErrorCard } from '@/components/errors/error-card';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('errors.notFound');
  return { title: t('title'), robots: { index: false, follow: false } };
}

/** Any address Studio does not serve: in the visitor's language, with a way back. */
export default async function NotFound() {
  const t = await getTranslations('errors.notFound');
  return (
    <ErrorCard
      code="404"
      title={t('title')}
      body={t('body')}
      links={[
        { href: '/overview', label: t('console') },
        { href: '/docs', label: t('docs') },
      ]}
    />
  );
}
