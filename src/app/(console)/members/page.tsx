import type { Metadata } from 'next';
import { MembersManager } from '@/components/members/members-manager';
import { api } from '@/trpc/server';
import { OrganisationPage } from '../organisation-page';

export const metadata: Metadata = { title: 'Members' };

const prefetch = () => Promise.all([api.balance.pool.prefetch({}), api.accounts.list.prefetch({})]);

export default function MembersPage() {
  return (
    <OrganisationPage
      title="Members"
      personalNote="Member accounts belong to a company workspace. This account was opened with a claim code and uses its own credits and key."
      prefetch={prefetch}
    >
      <MembersManager />
    </OrganisationPage>
  );
}
