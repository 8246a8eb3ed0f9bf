import type { Metadata } from 'next';
import { ClaimsManager } from '@/components/claim-codes/claims-manager';
import { api } from '@/trpc/server';
import { OrganisationPage } from '../organisation-page';

export const metadata: Metadata = { title: 'Claim codes' };

// The list of codes is read in the browser: its dates are shown in the viewer's time zone.
const prefetch = () => Promise.all([api.balance.pool.prefetch({}), api.templates.list.prefetch({ source: 'all' })]);

export default function ClaimsPage() {
  return (
    <OrganisationPage
      title="Claim codes"
      personalNote="Claim codes are sold by a company workspace. This account was opened with a claim code; its templates and credits are ready to use."
      prefetch={prefetch}
    >
      <ClaimsManager />
    </OrganisationPage>
  );
}
