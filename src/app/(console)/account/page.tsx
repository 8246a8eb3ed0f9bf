import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageHeader } from '@/components/console/page-header';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui';
import { listSessions } from '@/server/domain/auth/console-sessions';
import { listPasskeys } from '@/server/domain/auth/passkeys';
import { twoFactorStatus } from '@/server/domain/auth/two-factor';
import { getRuntime } from '@/server/runtime';
import { requireSession } from '@/trpc/server';
import { ChangePasswordForm } from './change-password-form';
import { PasskeyAdd } from './passkey-add';
import { PasskeyList } from './passkey-list';
import { RecoveryRegenerate } from './recovery-regenerate';
import { SessionList } from './session-list';
import { TwoFactorRemove } from './two-factor-remove';
import { TwoFactorSetup } from './two-factor-setup';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('account');
  return { title: t('metaTitle') };
}

/**
 * Every console user's own account: the sign-in email, a password change, two-step verification (an
 * authenticator app and recovery codes), passkeys, and the sessions signed in.
 */
export default async function AccountPage() {
  const [session, t, tf, tp, ts, { db }] = await Promise.all([
    requireSession(),
    getTranslations('account'),
    getTranslations('account.twoFactor'),
    getTranslations('account.passkeys'),
    getTranslations('account.sessions'),
    getRuntime(),
  ]);
  const [twoFactor, passkeys, sessions] = await Promise.all([
    twoFactorStatus({ db }, session.userId),
    listPasskeys(db, session.userId),
    listSessions(db, session.userId),
  ]);
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
              <RecoveryRegenerate />
            </div>
          ) : (
            <TwoFactorSetup />
          )}
        </CardBody>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{tp('title')}</CardTitle>
          <CardDescription>{tp('lead')}</CardDescription>
        </CardHeader>
        <CardBody className="space-y-5">
          <PasskeyList passkeys={passkeys} />
          <PasskeyAdd />
        </CardBody>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{ts('title')}</CardTitle>
          <CardDescription>{ts('lead')}</CardDescription>
        </CardHeader>
        <CardBody>
          <SessionList sessions={sessions} current={session.sessionId} />
        </CardBody>
      </Card>
    </div>
  );
}
