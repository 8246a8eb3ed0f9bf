import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageHeader } from '@/components/console/page-header';
import { OperatorAccounts } from '@/components/operator/operators/operator-accounts';
import { TwoFactorReset } from '@/components/operator/operators/two-factor-reset';
import { listOperators } from '@/server/domain/operators/operators';
import { getRuntime } from '@/server/runtime';
import { requireOperator } from '@/trpc/server';

export const dynamic = 'force-dynamic';
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('operatorAccounts');
  return { title: t('metaTitle') };
}

/** The operator accounts (add, disable) and the lost-device reset of a console user's two-step verification. */
export default async function OperatorsPage() {
  const session = await requireOperator();
  const [t, { db }] = await Promise.all([getTranslations('operatorAccounts'), getRuntime()]);
  const { operators } = await listOperators({ db }, { kind: 'admin', via: 'session' });
  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-8 sm:px-6">
      <PageHeader eyebrow={t('eyebrow')} title={t('title')} description={t('description')} />
      <OperatorAccounts operators={operators} me={session.account?.id ?? null} />
      <TwoFactorReset />
    </div>
  );
}
