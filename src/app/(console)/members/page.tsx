import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { MembersManager } from '@/components/members/members-manager';
import { api } from '@/trpc/server';
import { OrganisationPage } from '@/app/(console)/organisation-page';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('members');
  return { title: t('metaTitle') };
}

const prefetch = () =>
  Promise.all([api.balance.pool.prefetch({}), api.members.list.prefetch({}), api.keys.list.prefetch({})]);

export default async function MembersPage() {
  const t = await getTranslations('members');
  return (
    <OrganisationPage title={t('title')} personalNote={t('personalNote')} prefetch={prefetch}>
      <MembersManager />
    </OrganisationPage>
  );
}
