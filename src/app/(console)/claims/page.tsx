import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ClaimsManager } from '@/components/claim-codes/claims-manager';
import { api } from '@/trpc/server';
import { OrganisationPage } from '@/app/(console)/organisation-page';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('claimCodes');
  return { title: t('metaTitle') };
}

// The list of codes is read in the browser (its pages load as the seller scrolls).
const prefetch = () => Promise.all([api.balance.pool.prefetch({}), api.templates.list.prefetch({ source: 'all' })]);

export default async function ClaimsPage() {
  const t = await getTranslations('claimCodes');
  return (
    <OrganisationPage title={t('title')} personalNote={t('personalNote')} prefetch={prefetch}>
      <ClaimsManager />
    </OrganisationPage>
  );
}
