import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
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

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('overview');
  return { title: t('metaTitle') };
}

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

  const [t] = await Promise.all([getTranslations('overview'), figures]);
  return (
    <div className="space-y-8">
      <PageHeader eyebrow={t('eyebrow')} title={me.tenant.name} description={t('description')} />

      <section aria-label={t('figures')} className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <HydrateClient>
          <TenantStats />
        </HydrateClient>
        <SignedInCard email={session.email} role={t('tenantAdmin')} aside={t('tenantAdminAside')} className="sm:col-span-2 xl:col-span-1" />
      </section>

      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-3">
        <GetStarted baseUrl={getConfig().publicBaseUrl} credits={me.tenant.credits} />
        <Card>
          <CardHeader>
            <CardTitle>{t('resources.title')}</CardTitle>
            <CardDescription>{t('resources.description')}</CardDescription>
          </CardHeader>
          <CardBody className="flex flex-col gap-2">
            <LinkCard href="/docs" icon={CodeIcon} title={t('resources.reference')} detail={t('resources.referenceDetail')} />
            <LinkCard href="/api/openapi.json" external icon={KeyIcon} title={t('resources.openapi')} detail={t('resources.openapiDetail')} />
          </CardBody>
        </Card>
      </div>
    </div>
  );
}
