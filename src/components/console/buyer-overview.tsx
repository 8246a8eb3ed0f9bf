'use client';

import Link from 'next/link';
import { trpc } from '@/trpc/react';
import { ArticlesIcon, CoinsIcon, JobsIcon, PlaygroundIcon, SkillsIcon, UploadsIcon } from '../icons';
import { cn } from '../ui/cn';
import { formatNumber } from './format';
import { LinkCard } from './link-card';
import { LoadError } from './load-error';
import { PageHeader } from './page-header';
import { SignedInCard, StatCard } from './stat-card';
import { BUYER_TEMPLATES_INPUT, TemplateGrid, unlockedTemplates } from './unlocked-templates';

// Buttons on the indigo credits card.
const onBrand =
  'inline-flex h-10 items-center justify-center gap-2 rounded-lg px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

const SHORTCUTS = [
  { href: '/skills', icon: SkillsIcon, title: 'Skills', detail: 'Ready-made effects from one sentence or your photo' },
  { href: '/articles', icon: ArticlesIcon, title: 'Articles', detail: 'Copy for Xiaohongshu, WeChat and product pages' },
  { href: '/uploads', icon: UploadsIcon, title: 'Uploads', detail: 'Your own images, to guide a generation' },
];

interface BuyerOverviewProps {
  email: string;
  /** Credits of one high-quality image, to say what the balance buys. */
  imagePrice: number;
}

/** The Overview of a buyer's platform account: the credits to spend and the templates unlocked for it. */
export function BuyerOverview({ email, imagePrice }: BuyerOverviewProps) {
  const me = trpc.session.me.useQuery().data;
  const templates = trpc.templates.list.useQuery(BUYER_TEMPLATES_INPUT);

  return (
    <div className="space-y-8">
      <PageHeader eyebrow="Overview" title={`Welcome, ${me?.tenant.name ?? ''}`} description="Your credits and the templates unlocked for you, ready to use." />

      <section aria-label="Your account" className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <CreditsCard credits={me?.tenant.credits} imagePrice={imagePrice} />
        <SignedInCard email={email} role="Personal account" note="Your jobs, uploads and credits are yours alone." />
      </section>

      <section aria-labelledby="your-templates">
        <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
          <div>
            <h2 id="your-templates" className="text-lg font-semibold text-slate-900">
              Your templates
            </h2>
            <p className="mt-1 text-sm text-slate-500">Unlocked with your claim code: open one, fill in its form and generate.</p>
          </div>
          <Link href="/templates" className="rounded text-sm font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600">
            All templates
          </Link>
        </div>
        <div className="mt-4">
          {templates.data ? (
            <TemplateGrid rows={unlockedTemplates(templates.data.templates)} />
          ) : templates.error ? (
            <LoadError what="Your templates could not be loaded." error={templates.error} onRetry={templates.refetch} />
          ) : (
            <div aria-busy="true" aria-label="Loading your templates" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {Array.from({ length: 3 }, (_, i) => (
                <div key={i} className="h-72 animate-pulse rounded-2xl bg-slate-100" />
              ))}
            </div>
          )}
        </div>
      </section>

      <section aria-labelledby="more-to-try">
        <h2 id="more-to-try" className="text-lg font-semibold text-slate-900">
          More to try
        </h2>
        <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-3">
          {SHORTCUTS.map((s) => (
            <li key={s.href}>
              <LinkCard {...s} framed />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** The credits to spend, what they buy, and the two places to spend them. */
function CreditsCard({ credits, imagePrice }: { credits: number | undefined; imagePrice: number }) {
  const images = credits !== undefined && imagePrice > 0 ? Math.floor(credits / imagePrice) : null;
  return (
    <StatCard
      icon={CoinsIcon}
      title="Your credits"
      tone="brand"
      className="lg:col-span-2"
      figure={credits === undefined ? '—' : formatNumber(credits)}
      figureTestId="credits"
      figureSize="xl"
      note={
        credits !== undefined && credits <= 0
          ? 'You have used all your credits. A new claim code tops them up.'
          : images !== null && images > 0
            ? `Enough for about ${formatNumber(images)} high-quality ${images === 1 ? 'image' : 'images'} (${imagePrice} credits each).`
            : 'Spent as you generate; a failed job is refunded in full.'
      }
    >
      <div className="mt-5 flex flex-wrap gap-2">
        <Link href="/playground" className={cn(onBrand, 'bg-white text-indigo-700 shadow-sm hover:bg-indigo-50')}>
          <PlaygroundIcon className="size-4" />
          Open the Playground
        </Link>
        <Link href="/jobs" className={cn(onBrand, 'text-white ring-1 ring-white/40 ring-inset hover:bg-white/10')}>
          <JobsIcon className="size-4" />
          Your jobs
        </Link>
      </div>
    </StatCard>
  );
}
