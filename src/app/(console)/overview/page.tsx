import type { Metadata } from 'next';
import { BuyerOverview } from '@/components/console/buyer-overview';
import { GetStarted } from '@/components/console/get-started';
import { LinkCard } from '@/components/console/link-card';
import { PageHeader } from '@/components/console/page-header';
import { SignedInCard } from '@/components/console/stat-card';
import { TenantStats } from '@/components/console/tenant-stats';
import { BUYER_TEMPLATES_INPUT } from '@/components/console/unlocked-templates';
import { CodeIcon, KeyIcon } from '@/components/icons';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui';
import { getConfig } from '@/server/config';
import { api, currentMe, HydrateClient, requireSession } from '@/trpc/server';

export const metadata: Metadata = { title: 'Overview' };

export default async function OverviewPage() {
  const [session, me] = await Promise.all([requireSession(), currentMe()]);
  // The figures are read again in the browser when the tab regains focus, so they travel as the query's data.
  const figures = api.session.me.prefetch();

  if (me.personal) {
    // A buyer's platform account: its credits and the templates its claim code unlocked.
    await Promise.all([figures, api.templates.list.prefetch(BUYER_TEMPLATES_INPUT)]);
    return (
      <HydrateClient>
        <BuyerOverview email={session.email} imagePrice={getConfig().prices.image.high} />
      </HydrateClient>
    );
  }

  await figures;
  return (
    <div className="space-y-8">
      <PageHeader eyebrow="Overview" title={me.tenant.name} description="Your workspace at a glance: credits, quota and how to call the API." />

      <section aria-label="Figures" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <HydrateClient>
          <TenantStats />
        </HydrateClient>
        <SignedInCard email={session.email} role="Tenant administrator" aside="Acts for the whole tenant" className="sm:col-span-2 xl:col-span-1" />
      </section>

      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-3">
        <GetStarted baseUrl={getConfig().publicBaseUrl} credits={me.tenant.credits} />
        <Card>
          <CardHeader>
            <CardTitle>Resources</CardTitle>
            <CardDescription>Everything the API offers, with request and response fields.</CardDescription>
          </CardHeader>
          <CardBody className="flex flex-col gap-2">
            <LinkCard href="/docs" icon={CodeIcon} title="API reference" detail="Endpoints, fields and errors" />
            <LinkCard href="/api/openapi.json" external icon={KeyIcon} title="OpenAPI document" detail="For code generators and API clients" />
          </CardBody>
        </Card>
      </div>
    </div>
  );
}
