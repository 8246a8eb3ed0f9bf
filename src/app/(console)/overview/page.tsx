import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { BuyerOverview } from '@/components/console/buyer-overview';
import { GetStarted } from '@/components/console/get-started';
import { LinkCard } from '@/components/console/link-card';
import { PageHeader } from '@/components/console/page-header';
import { SignedInCard } from '@/components/console/stat-card';
import { TenantStats } from '@/components/console/tenant-stats';
import { BUYER_TEMPLATES_INPUT } from '@/components/console/unlocked-templates';
import { CodeIcon, KeyIcon, MembersIcon, PlaygroundIcon, TemplatesIcon } from '@/components/icons';
import { BURN_INPUT, BurnRate } from '@/components/overview/burn-rate';
import { RECENT_JOBS_INPUT, RecentJobs } from '@/components/overview/recent-jobs';
import { TenantKey } from '@/components/overview/tenant-key';
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

  // The burn rate and the recent jobs arrive with the page; both are kept current in the browser.
  const [t] = await Promise.all([
    getTranslations('overview'),
    figures,
    api.usage.usage.prefetch(BURN_INPUT),
    api.jobs.get.prefetch(RECENT_JOBS_INPUT),
  ]);
  return (
    <div className="space-y-8">
      <PageHeader eyebrow={t('eyebrow')} title={me.tenant.name} description={t('description')} />

      <HydrateClient>
        <section aria-label={t('figures')} className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          <TenantStats />
          <BurnRate />
        </section>

        <div className="mt-8 grid grid-cols-1 items-start gap-4 lg:grid-cols-3">
          <div className="min-w-0 lg:col-span-2">
            <RecentJobs />
          </div>
          <div className="space-y-4">
            <TenantKey />
            <SignedInCard email={session.email} role={t('tenantAdmin')} aside={t('tenantAdminAside')} />
          </div>
        </div>
      </HydrateClient>

      <section aria-label={t('quick.title')} className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <LinkCard
          framed
          href="/playground"
          icon={PlaygroundIcon}
          title={t('quick.playground')}
          detail={t('quick.playgroundDetail')}
        />
        <LinkCard
          framed
          href="/templates"
          icon={TemplatesIcon}
          title={t('quick.templates')}
          detail={t('quick.templatesDetail')}
        />
        <LinkCard
          framed
          href="/members"
          icon={MembersIcon}
          title={t('quick.members')}
          detail={t('quick.membersDetail')}
        />
        <LinkCard
          framed
          href="/docs"
          icon={CodeIcon}
          title={t('quick.reference')}
          detail={t('quick.referenceDetail')}
        />
      </section>

      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-3">
        <GetStarted baseUrl={getConfig().publicBaseUrl} credits={me.tenant.credits} />
        <Card>
          <CardHeader>
            <CardTitle>{t('resources.title')}</CardTitle>
            <CardDescription>{t('resources.description')}</CardDescription>
          </CardHeader>
          <CardBody className="flex flex-col gap-2">
            <LinkCard
              href="/docs"
              icon={CodeIcon}
              title={t('resources.reference')}
              detail={t('resources.referenceDetail')}
            />
            <LinkCard
              href="/api/openapi.json"
              external
              icon={KeyIcon}
              title={t('resources.openapi')}
              detail={t('resources.openapiDetail')}
            />
          </CardBody>
        </Card>
      </div>
    </div>
  );
}
