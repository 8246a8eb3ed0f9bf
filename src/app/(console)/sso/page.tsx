import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageHeader } from '@/components/console/page-header';
import { OrganisationOnly } from '@/components/members/organisation-only';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui';
import { getConfig } from '@/server/config';
import { readSsoSettings } from '@/server/domain/auth/sso/settings';
import { getRuntime } from '@/server/runtime';
import { currentMe, requireSession } from '@/trpc/server';
import { SsoForm } from './sso-form';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('sso.settings');
  return { title: t('metaTitle') };
}

/** The tenant's single sign-on (OpenID Connect): its provider, allowed e-mail domains and sign-in link. */
export default async function SsoSettingsPage() {
  const [session, me, t, { db }] = await Promise.all([
    requireSession(),
    currentMe(),
    getTranslations('sso.settings'),
    getRuntime(),
  ]);
  if (me.personal)
    return (
      <OrganisationOnly eyebrow={t('title')} title={t('title')}>
        {t('personalNote')}
      </OrganisationOnly>
    );
  const view = await readSsoSettings(db, session.tenantId);
  const base = getConfig().publicBaseUrl;
  const redirectUri = `${base}/login/sso/callback`;
  const link = view ? `${base}/login/sso/${view.slug}` : null;
  return (
    <div className="max-w-2xl space-y-8">
      <PageHeader eyebrow={t('eyebrow')} title={t('title')} description={t('description')} />
      <dl className="space-y-3 rounded-xl bg-white px-4 py-3 text-sm shadow-sm ring-1 ring-slate-200">
        <div>
          <dt className="text-slate-500">{t('redirectUri')}</dt>
          <dd className="mt-0.5 font-mono break-all text-slate-900" data-testid="sso-redirect-uri">
            {redirectUri}
          </dd>
        </div>
        {link && (
          <div>
            <dt className="text-slate-500">{t('link')}</dt>
            <dd className="mt-0.5 font-mono break-all text-slate-900" data-testid="sso-link">
              {link}
            </dd>
          </div>
        )}
      </dl>
      <Card>
        <CardHeader>
          <CardTitle>{t('formTitle')}</CardTitle>
          <CardDescription>{getConfig().sso ? t('platformAvailable') : t('ownProvider')}</CardDescription>
        </CardHeader>
        <CardBody>
          <SsoForm initial={view} />
        </CardBody>
      </Card>
      <p className="text-sm text-slate-500">{t('twoFactorNote')}</p>
    </div>
  );
}
