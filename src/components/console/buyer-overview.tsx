'use client';

import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import { trpc } from '@/trpc/react';
import { ArticlesIcon, CoinsIcon, JobsIcon, PlaygroundIcon, SkillsIcon, UploadsIcon } from '@/components/icons';
import { cn } from '@/components/ui/cn';
import { LinkCard } from './link-card';
import { LoadError } from './load-error';
import { PageHeader } from './page-header';
import { RedeemAnother } from './redeem-another';
import { SignedInCard, StatCard } from './stat-card';
import { BUYER_TEMPLATES_INPUT, TemplateGrid, unlockedTemplates } from './unlocked-templates';

// Buttons on the indigo credits card.
const onBrand =
  'inline-flex h-10 items-center justify-center gap-2 rounded-lg px-4 text-sm font-medium ' +
  'transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

// Titles and details are `overview.buyer` keys.
const SHORTCUTS = [
  { href: '/skills', icon: SkillsIcon, title: 'skills', detail: 'skillsDetail' },
  { href: '/articles', icon: ArticlesIcon, title: 'articles', detail: 'articlesDetail' },
  { href: '/uploads', icon: UploadsIcon, title: 'uploads', detail: 'uploadsDetail' },
] as const;

interface BuyerOverviewProps {
  email: string;
  /** Credits of one high-quality image, to say what the balance buys. */
  imagePrice: number;
}

/** The Overview of a buyer's platform account: the credits to spend and the templates unlocked for it. */
export function BuyerOverview({ email, imagePrice }: BuyerOverviewProps) {
  const t = useTranslations('overview.buyer');
  const overview = useTranslations('overview');
  const me = trpc.session.me.useQuery().data;
  const templates = trpc.templates.list.useQuery(BUYER_TEMPLATES_INPUT);

  return (
    <div className="space-y-8">
      <PageHeader
        eyebrow={overview('eyebrow')}
        title={t('welcome', { name: me?.tenant.name ?? '' })}
        description={t('description')}
      />

      <section aria-label={t('account')} className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <CreditsCard credits={me?.tenant.credits} imagePrice={imagePrice} />
        <SignedInCard email={email} role={t('personal')} note={t('personalNote')} />
      </section>

      <RedeemAnother />

      <section aria-labelledby="your-templates">
        <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
          <div>
            <h2 id="your-templates" className="text-lg font-semibold text-slate-900">
              {t('templates')}
            </h2>
            <p className="mt-1 text-sm text-slate-500">{t('templatesLead')}</p>
          </div>
          <Link
            href="/templates"
            className={
              'rounded text-sm font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 ' +
              'focus-visible:outline-offset-2 focus-visible:outline-indigo-600'
            }
          >
            {t('allTemplates')}
          </Link>
        </div>
        <div className="mt-4">
          {templates.data ? (
            <TemplateGrid rows={unlockedTemplates(templates.data.templates)} />
          ) : templates.error ? (
            <LoadError what={t('templatesError')} error={templates.error} onRetry={templates.refetch} />
          ) : (
            <div
              aria-busy="true"
              aria-label={t('templatesLoading')}
              className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
            >
              {Array.from({ length: 3 }, (_, i) => (
                <div key={i} className="h-72 animate-pulse rounded-2xl bg-slate-100" />
              ))}
            </div>
          )}
        </div>
      </section>

      <section aria-labelledby="more-to-try">
        <h2 id="more-to-try" className="text-lg font-semibold text-slate-900">
          {t('more')}
        </h2>
        <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-3">
          {SHORTCUTS.map((s) => (
            <li key={s.href}>
              <LinkCard href={s.href} icon={s.icon} title={t(s.title)} detail={t(s.detail)} framed />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** The credits to spend, what they buy, and the two places to spend them. */
function CreditsCard({ credits, imagePrice }: { credits: number | undefined; imagePrice: number }) {
  const t = useTranslations('overview.buyer');
  const format = useFormatter();
  const images = credits !== undefined && imagePrice > 0 ? Math.floor(credits / imagePrice) : null;
  return (
    <StatCard
      icon={CoinsIcon}
      title={t('credits')}
      tone="brand"
      className="lg:col-span-2"
      figure={credits === undefined ? '—' : format.number(credits, 'credits')}
      figureTestId="credits"
      figureSize="xl"
      note={
        credits !== undefined && credits <= 0
          ? t('creditsUsedUp')
          : images !== null && images > 0
            ? t('creditsBuy', { images, price: imagePrice })
            : t('creditsSpent')
      }
    >
      <div className="mt-5 flex flex-wrap gap-2">
        <Link href="/playground" className={cn(onBrand, 'bg-white text-indigo-700 shadow-sm hover:bg-indigo-50')}>
          <PlaygroundIcon className="size-4" />
          {t('playground')}
        </Link>
        <Link href="/jobs" className={cn(onBrand, 'text-white ring-1 ring-white/40 ring-inset hover:bg-white/10')}>
          <JobsIcon className="size-4" />
          {t('jobs')}
        </Link>
      </div>
    </StatCard>
  );
}
