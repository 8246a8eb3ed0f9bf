import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageHeader } from '@/components/console/page-header';
import { OutboxList } from '@/components/operator/outbox/outbox-list';
import { listOutbox } from '@/server/mail/outbox';
import { getRuntime } from '@/server/runtime';
import { requireOperator } from '@/trpc/server';

export const dynamic = 'force-dynamic';
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('outbox');
  return { title: t('metaTitle') };
}

/** The mail outbox: without SMTP the operator reads reset links here and passes them on. */
export default async function OutboxPage() {
  await requireOperator();
  const [t, { db }] = await Promise.all([getTranslations('outbox'), getRuntime()]);
  const mails = await listOutbox(db);
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader
        eyebrow={t('eyebrow')}
        title={t('title')}
        description={t('description')}
        action={<span className="text-xs text-slate-500">{t('summary', { count: mails.length })}</span>}
      />
      <OutboxList mails={mails} />
    </div>
  );
}
