import type { Metadata } from 'next';
import { MembersManager } from '@/components/members/members-manager';
import { OrganisationOnly } from '@/components/members/organisation-only';
import { currentMe, serverApi } from '@/trpc/server';

export const metadata: Metadata = { title: 'Members' };

export default async function MembersPage() {
  const me = await currentMe();
  if (me.personal) {
    return (
      <OrganisationOnly eyebrow="Members" title="Members">
        Member accounts belong to a company workspace. This account was opened with a claim code and uses its own credits and key.
      </OrganisationOnly>
    );
  }
  // Rendered with the figures in place; if a read fails here, the page loads it in the browser and shows any error there.
  const api = await serverApi();
  const [pool, accounts] = await Promise.all([
    api.balance.pool({}).catch(() => null),
    api.accounts
      .list({})
      .then((a) => a.accounts)
      .catch(() => null),
  ]);
  return <MembersManager initialPool={pool} initialAccounts={accounts} />;
}
