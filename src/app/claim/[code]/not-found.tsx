import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ErrorCard } from '@/components/errors/error-card';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('errors.claimNotFound');
  return { title: t('title'), robots: { index: false, follow: false } };
}

/** A claim code that does not exist: the buyer is told what to do (ask the seller), in Chinese unless they chose otherwise. */
export default async function ClaimNotFound() {
  const t = await getTranslations('errors.claimNotFound');
  return <ErrorCard code="404" title={t('title')} body={t('body')} links={[{ href: '/login', label: t('signIn') }]} />;
}
