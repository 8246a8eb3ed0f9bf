import type { ReactNode } from 'react';
import { OrganisationOnly } from '@/components/members/organisation-only';
import { currentMe, HydrateClient } from '@/trpc/server';

interface OrganisationPageProps {
  /** The page's name, also its heading when a buyer's account is told it has none. */
  title: string;
  /** Why a buyer's platform account has no such page. */
  personalNote: string;
  /** The reads the page renders with; one that fails here is asked again by the browser, which shows any error. */
  prefetch: () => Promise<unknown>;
  children: ReactNode;
}

/** A page of the seller's workspace (members, claim codes): rendered with its reads in place, or why a buyer's account has none. */
export async function OrganisationPage({ title, personalNote, prefetch, children }: OrganisationPageProps) {
  const me = await currentMe();
  if (me.personal) {
    return (
      <OrganisationOnly eyebrow={title} title={title}>
        {personalNote}
      </OrganisationOnly>
    );
  }
  await prefetch();
  return <HydrateClient>{children}</HydrateClient>;
}
