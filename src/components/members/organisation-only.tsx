import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { ShieldIcon } from '@/components/icons';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/console/page-header';

/**
 * What a buyer's platform account sees on an organisation-only page (members, claim codes): these
 * areas belong to the seller's workspace, so say so instead of showing a refusal.
 */
export function OrganisationOnly({
  eyebrow,
  title,
  children,
}: {
  eyebrow: string;
  title: string;
  children: ReactNode;
}) {
  const t = useTranslations('members.organisationOnly');
  return (
    <div className="space-y-6">
      <PageHeader eyebrow={eyebrow} title={title} />
      <Card className="px-6 py-12 text-center" data-testid="organisation-only">
        <span className="mx-auto grid size-12 place-items-center rounded-xl bg-slate-50 text-slate-500 ring-1 ring-slate-200">
          <ShieldIcon className="size-6" />
        </span>
        <h2 className="mt-4 text-base font-semibold text-slate-900">{t('title')}</h2>
        <p className="mx-auto mt-1 max-w-md text-sm text-balance text-slate-500">{children}</p>
        <Link href="/overview" className="mt-5 inline-block text-sm font-medium text-indigo-600 hover:text-indigo-500">
          {t('back')}
        </Link>
      </Card>
    </div>
  );
}
