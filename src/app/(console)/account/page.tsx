import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageHeader } from '@/components/console/page-header';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui';
import { twoFactorStatus } from '@/server/domain/auth/two-factor';
import { getRuntime } from '@/server/runtime';
import { requireSession } from '@/trpc/server';
import { ChangePasswordForm } from './change-password-form';
import { TwoFactorRemove } from './two-factor-remove';
import { TwoFactorSetup } from './two-factor-setup';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('account');
  return { title: t('metaTitle') };
}

/** Every console user's own account: the sign-in email, a password change and two-step verification. */
export default async function AccountPage() {
  const [session, t, tf, { db }] = await Promise.all([
    requireSession(),
    getTranslations('account'),
    getTranslations('account.twoFactor'),
    getRuntime(),
  ]);
  const twoFactor = await twoFactorStatus({ db }, session.userId);
  return (
    <div className="max-w-xl space-y-8">
      <PageHeader eyebrow={t('eyebrow')} title={t('title')} description={t('description')} />
      <dl className="rounded-xl bg-white px-4 py-3 text-sm shadow-sm ring-1 ring-slate-200">
        <dt className="text-slate-500">{t('email')}</dt>
        <dd className="mt-0.5 font-medium break-all text-slate-900" data-testid="account-email">
          {session.email}
        </dd>
      </dl>
      <Card>
        <CardHeader>
          <CardTitle>{t('passwordTitle')}</CardTitle>
          <CardDescription>{t('passwordLead')}</CardDescription>
        </CardHeader>
        <CardBody>
          <ChangePasswordForm />
        </CardBody>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{tf('title')}</CardTitle>
          <CardDescription>{twoFactor.enabled ? tf('leadOn') : tf('leadOff')}</CardDescription>
        </CardHeader>
        <CardBody>
          {twoFactor.enabled ? (
            <div className="space-y-4">
              <p className="text-sm text-slate-600" data-testid="two-factor-status">
                {tf('status', { left: twoFactor.recoveryCodesLeft })}
              </p>
              <TwoFactorRemove />
            </div>
          ) : (
            <TwoFactorSetup />
          )}
        </CardBody>
      </Card>
    </div>
  );
}
