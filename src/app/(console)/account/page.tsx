import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageHeader } from '@/components/console/page-header';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui';
import { requireSession } from '@/trpc/server';
import { ChangePasswordForm } from './change-password-form';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('account');
  return { title: t('metaTitle') };
}

/** Every console user's own account: the sign-in email and a password change. */
export default async function AccountPage() {
  const [session, t] = await Promise.all([requireSession(), getTranslations('account')]);
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
    </div>
  );
}
