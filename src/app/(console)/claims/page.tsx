import type { Metadata } from 'next';
import { ClaimsManager } from '@/components/claims/claims-manager';
import { OrganisationOnly } from '@/components/members/organisation-only';
import { currentMe, serverApi } from '@/trpc/server';

export const metadata: Metadata = { title: 'Claim codes' };

export default async function ClaimsPage() {
  const me = await currentMe();
  if (me.personal) {
    return (
      <OrganisationOnly eyebrow="Claim codes" title="Claim codes">
        Claim codes are sold by a company workspace. This account was opened with a claim code; its templates and credits are ready to use.
      </OrganisationOnly>
    );
  }
  // Rendered with the pool and templates in place; if a read fails here, the page loads it in the browser and shows any error there.
  const api = await serverApi();
  const [pool, templates] = await Promise.all([api.balance.pool({}).catch(() => null), api.templates.list({ source: 'all' }).catch(() => null)]);
  return <ClaimsManager initialPool={pool} initialTemplates={templates} />;
}
