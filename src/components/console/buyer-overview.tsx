'use client';

import Link from 'next/link';
import type { ComponentType, SVGProps } from 'react';
import { trpc, type RouterOutputs } from '@/trpc/react';
import { ArrowRightIcon, ArticlesIcon, CoinsIcon, JobsIcon, PlaygroundIcon, SkillsIcon, TemplatesIcon, UploadsIcon, UserIcon } from '../icons';
import { SampleImage } from '../templates/sample-image';
import { Badge } from '../ui/badge';
import { buttonClasses } from '../ui/button';
import { Card } from '../ui/card';
import { cn } from '../ui/cn';
import { RetryAlert } from '../usage/retry-alert';

type Me = RouterOutputs['session']['me'];
type Template = RouterOutputs['templates']['list']['templates'][number];

// Buttons on the indigo credits card.
const onBrand =
  'inline-flex h-10 items-center justify-center gap-2 rounded-lg px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

// A fixed locale keeps server and browser output identical (1,234 on both).
const formatNumber = new Intl.NumberFormat('en-US').format;

interface BuyerOverviewProps {
  initialMe: Me;
  email: string;
  /** Platform and granted templates from the server; null when that read failed (the browser tries again). */
  initialTemplates: Template[] | null;
  /** Credits of one high-quality image, to say what the balance buys. */
  imagePrice: number;
}

/** Templates a claim code unlocked for this account: gated ones it may now use, images first. */
export function unlockedTemplates(rows: Template[]): Template[] {
  return rows
    .filter((t) => t.gated && !t.locked && t.active)
    .sort((a, b) => (a.type === b.type ? 0 : a.type === 'image' ? -1 : 1));
}

/** The Overview of a buyer's platform account: the credits to spend and the templates unlocked for it. */
export function BuyerOverview({ initialMe, email, initialTemplates, imagePrice }: BuyerOverviewProps) {
  const me = trpc.session.me.useQuery(undefined, { initialData: initialMe }).data;
  const templates = trpc.templates.list.useQuery({ source: 'platform' }, initialTemplates ? { initialData: { ok: true, templates: initialTemplates } } : {});
  const credits = me.tenant.credits;
  const images = imagePrice > 0 ? Math.floor(credits / imagePrice) : null;

  return (
    <div className="space-y-8">
      <header>
        <p className="text-sm font-medium text-indigo-600">Overview</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight text-balance break-words text-slate-900 sm:text-3xl">
          Welcome, {me.tenant.name}
        </h1>
        <p className="mt-2 text-sm text-slate-500">Your credits and the templates unlocked for you, ready to use.</p>
      </header>

      <section aria-label="Your account" className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <Card className="relative overflow-hidden bg-linear-to-br from-indigo-600 via-indigo-600 to-violet-600 p-5 text-white ring-indigo-700/30 sm:p-6 lg:col-span-2">
          <div className="flex items-center gap-2 text-sm font-medium text-indigo-100">
            <CoinsIcon className="size-4" />
            <h2>Your credits</h2>
          </div>
          <p className="mt-3 text-5xl font-semibold tracking-tight [overflow-wrap:anywhere] tabular-nums" data-testid="credits">
            {formatNumber(credits)}
          </p>
          <p className="mt-2 text-sm text-indigo-100">
            {credits <= 0
              ? 'You have used all your credits. A new claim code tops them up.'
              : images !== null && images > 0
                ? `Enough for about ${formatNumber(images)} high-quality ${images === 1 ? 'image' : 'images'} (${imagePrice} credits each).`
                : 'Spent as you generate; a failed job is refunded in full.'}
          </p>
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
        </Card>

        <Card className="p-5 sm:p-6">
          <div className="flex items-center gap-2 text-sm font-medium text-slate-500">
            <UserIcon className="size-4 text-indigo-500" />
            <h2>Signed in as</h2>
          </div>
          <p className="mt-3 truncate text-base font-semibold text-slate-900" title={email}>
            {email}
          </p>
          <div className="mt-2">
            <Badge tone="indigo">Personal account</Badge>
          </div>
          <p className="mt-3 text-sm text-slate-500">Your jobs, uploads and credits are yours alone.</p>
        </Card>
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
            <RetryAlert title="Your templates could not be loaded." message={templates.error.message} onRetry={() => void templates.refetch()} />
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
          <Shortcut href="/skills" icon={SkillsIcon} title="Skills" detail="Ready-made effects from one sentence or your photo" />
          <Shortcut href="/articles" icon={ArticlesIcon} title="Articles" detail="Copy for Xiaohongshu, WeChat and product pages" />
          <Shortcut href="/uploads" icon={UploadsIcon} title="Uploads" detail="Your own images, to guide a generation" />
        </ul>
      </section>
    </div>
  );
}

function TemplateGrid({ rows }: { rows: Template[] }) {
  if (rows.length === 0) {
    return (
      <Card className="flex flex-col items-center px-6 py-12 text-center" data-testid="your-templates-empty">
        <span className="grid size-12 place-items-center rounded-xl bg-indigo-50 text-indigo-600 ring-1 ring-indigo-100">
          <TemplatesIcon className="size-6" />
        </span>
        <h3 className="mt-4 text-base font-semibold text-slate-900">No templates unlocked yet</h3>
        <p className="mt-1 max-w-sm text-sm text-balance text-slate-500">
          Premium templates that come with a claim code appear here. Every open template is in the store meanwhile.
        </p>
        <Link href="/templates" className={buttonClasses('primary', 'md', 'mt-6')}>
          Browse templates
        </Link>
      </Card>
    );
  }
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {rows.map((t) => (
        <li key={t.id}>
          <UnlockedTemplate t={t} />
        </li>
      ))}
    </ul>
  );
}

function UnlockedTemplate({ t }: { t: Template }) {
  const article = t.type === 'article';
  const href = article ? `/articles?template=${encodeURIComponent(t.slug)}` : `/playground?template=${encodeURIComponent(t.slug)}`;
  const action = article ? 'Write copy' : 'Use in Playground';
  return (
    <article
      className="flex h-full min-w-0 flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200/80 transition-shadow hover:shadow-md"
      data-testid="your-template"
      data-slug={t.slug}
    >
      <SampleImage src={t.sample_images[0]} name={t.zh_name} kind={article ? 'article' : 'image'} className="aspect-[16/9] sm:aspect-[4/3]" />
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap gap-1.5">
          <Badge tone={article ? 'amber' : 'indigo'}>{article ? 'Article' : 'Image'}</Badge>
          {t.ratio && <Badge>{t.ratio}</Badge>}
        </div>
        <h3 className="line-clamp-2 text-base leading-snug font-semibold break-words text-slate-900" title={t.zh_name}>
          {t.zh_name}
        </h3>
        {t.description && <p className="line-clamp-2 text-sm leading-6 break-words text-slate-500">{t.description}</p>}
        <div className="mt-auto pt-2">
          <Link href={href} className={buttonClasses('primary', 'sm', 'w-full sm:w-auto')} aria-label={`${action}: ${t.zh_name}`}>
            {action}
            <ArrowRightIcon className="size-3.5" />
          </Link>
        </div>
      </div>
    </article>
  );
}

interface ShortcutProps {
  href: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  title: string;
  detail: string;
}

function Shortcut({ href, icon: Icon, title, detail }: ShortcutProps) {
  return (
    <li>
      <Link
        href={href}
        className="group flex h-full items-center gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200/80 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-slate-50 text-slate-500 ring-1 ring-inset ring-slate-200 transition-colors group-hover:bg-indigo-50 group-hover:text-indigo-600 group-hover:ring-indigo-200">
          <Icon className="size-5" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block text-sm font-semibold text-slate-900">{title}</span>
          <span className="block text-sm text-slate-500">{detail}</span>
        </span>
        <ArrowRightIcon className="size-4 shrink-0 text-slate-400 group-hover:text-indigo-600" />
      </Link>
    </li>
  );
}
