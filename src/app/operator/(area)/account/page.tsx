import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ChangePasswordForm } from '@/app/(console)/account/change-password-form';
import { PasskeyAdd } from '@/app/(console)/account/passkey-add';
import { PasskeyList } from '@/app/(console)/account/passkey-list';
import { RecoveryRegenerate } from '@/app/(console)/account/recovery-regenerate';
import { PageHeader } from '@/components/console/page-header';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui';
import { listPasskeys } from '@/server/domain/auth/passkeys';
import { twoFactorStatus } from '@/server/domain/auth/two-factor';
import { getRuntime } from '@/server/runtime';
import { requireOperator } from '@/trpc/server';
import {
  changeOperatorPasswordAction,
  finishOperatorPasskeyAction,
  regenerateOperatorRecoveryCodesAction,
  removeOperatorPasskeyAction,
  startOperatorPasskeyAction,
} from './actions';

export const dynamic = 'force-dynamic';
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('operator.account');
  return { title: t('metaTitle') };
}

/**
 * The signed-in operator's own account, with the console account page's parts: a password change, passkeys
 * (the last second factor stays), and new recovery codes when the authenticator app is on.
 */
export default async function OperatorAccountPage() {
  const session = await requireOperator();
  const [t, ta, tf, tp, { db }] = await Promise.all([
    getTranslations('operator.account'),
    getTranslations('account'),
    getTranslations('account.twoFactor'),
    getTranslations('account.passkeys'),
    getRuntime(),
  ]);
  const header = <PageHeader eyebrow={ta('eyebrow')} title={t('title')} description={t('description')} />;
  if (!session.account) {
    return (
      <div className="mx-auto max-w-xl space-y-8 px-4 py-8 sm:px-6">
        {header}
        <p className="text-sm text-slate-600">{t('keyOnly')}</p>
      </div>
    );
  }
  const { account } = session;
  const [twoFactor, passkeys] = await Promise.all([twoFactorStatus({ db }, account.id), listPasskeys(db, account.id)]);
  return (
    <div className="mx-auto max-w-xl space-y-8 px-4 py-8 sm:px-6">
      {header}
      <dl className="rounded-xl bg-white px-4 py-3 text-sm shadow-sm ring-1 ring-slate-200">
        <dt className="text-slate-500">{ta('email')}</dt>
        <dd className="mt-0.5 font-medium break-all text-slate-900" data-testid="account-email">
          {account.email}
        </dd>
      </dl>
      <Card>
        <CardHeader>
          <CardTitle>{ta('passwordTitle')}</CardTitle>
          <CardDescription>{ta('passwordLead')}</CardDescription>
        </CardHeader>
        <CardBody>
          <ChangePasswordForm action={changeOperatorPasswordAction} />
        </CardBody>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{tp('title')}</CardTitle>
          <CardDescription>{t('passkeysLead')}</CardDescription>
        </CardHeader>
        <CardBody className="space-y-5">
          <PasskeyList passkeys={passkeys} remove={removeOperatorPasskeyAction} />
          <PasskeyAdd actions={{ start: startOperatorPasskeyAction, finish: finishOperatorPasskeyAction }} />
        </CardBody>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{tf('title')}</CardTitle>
          <CardDescription>{twoFactor.enabled ? tf('leadOn') : t('twoFactorOff')}</CardDescription>
        </CardHeader>
        {twoFactor.enabled && (
          <CardBody className="space-y-4">
            <p className="text-sm text-slate-600" data-testid="two-factor-status">
              {tf('status', { left: twoFactor.recoveryCodesLeft })}
            </p>
            <RecoveryRegenerate action={regenerateOperatorRecoveryCodesAction} />
          </CardBody>
        )}
      </Card>
    </div>
  );
}
