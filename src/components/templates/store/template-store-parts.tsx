'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { CheckIcon, CloseIcon, PlusIcon, SearchIcon, TemplatesIcon } from '@/components/icons';
import { Button, buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { EmptyState } from '@/components/ui/list-state';
import { IconButton } from '@/components/editor/form-parts';
import { useTemplateName } from '@/components/templates/use-template-name';
import { storeHref, type AnyTemplate, type Source, type TemplateKind } from '@/components/templates/model';
import { usePersonalAccount } from '@/components/console/personal-account';

interface FilterItem {
  key: string;
  label: string;
  href: string;
  current: boolean;
  count?: number;
}

/** A row of links that filter the store; the current one is marked for screen readers too. */
export function FilterNav({ label, items }: { label: string; items: FilterItem[] }) {
  return (
    <nav
      aria-label={label}
      className="flex max-w-full gap-1 overflow-x-auto rounded-xl bg-slate-100 p-1 ring-1 ring-inset ring-slate-200/70"
    >
      {items.map((item) => (
        <Link
          key={item.key}
          href={item.href}
          aria-current={item.current ? 'page' : undefined}
          scroll={false}
          className={cn(
            'inline-flex h-8 shrink-0 items-center gap-1.5 rounded-lg px-3 text-sm font-medium whitespace-nowrap ' +
              'transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 ' +
              'focus-visible:outline-indigo-600',
            item.current
              ? 'bg-white text-slate-900 shadow-sm ring-1 ring-slate-200'
              : 'text-slate-600 hover:text-slate-900',
          )}
        >
          {item.label}
          {item.count !== undefined && (
            <span
              className={cn(
                'rounded-full px-1.5 text-xs tabular-nums',
                item.current ? 'bg-indigo-50 text-indigo-700' : 'bg-slate-200/70 text-slate-500',
              )}
            >
              {item.count}
            </span>
          )}
        </Link>
      ))}
    </nav>
  );
}

/** The store's grid: as many card columns as fit. */
export const STORE_GRID = 'grid grid-cols-[repeat(auto-fill,minmax(min(100%,16.5rem),1fr))] gap-4';

/** The lines of a card while it loads: the badges, the name, the button. */
const CARD_LINES = ['h-4 w-1/3', 'h-4 w-2/3', 'h-6 w-full'];

export function GridSkeleton() {
  const t = useTranslations('templates.store');
  return (
    <div className={STORE_GRID} aria-busy="true">
      <span className="sr-only">{t('loading')}</span>
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200/80">
          <div className="aspect-[4/3] animate-pulse bg-slate-100" />
          <div className="space-y-2.5 p-4">
            {CARD_LINES.map((size) => (
              <div key={size} className={cn('animate-pulse rounded bg-slate-100', size)} />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

/** A greeting for the template just created, until dismissed. */
export function CreatedNotice({ template, onDismiss }: { template: AnyTemplate; onDismiss: () => void }) {
  const t = useTranslations('templates.store');
  const nameOf = useTemplateName();
  return (
    <div
      role="status"
      className="flex items-start gap-2.5 rounded-lg bg-emerald-50 px-3 py-2.5 text-sm text-emerald-900 ring-1 ring-inset ring-emerald-200"
    >
      <CheckIcon className="mt-0.5 size-4 shrink-0 text-emerald-600" />
      <p className="min-w-0 flex-1 break-words">
        {t.rich('created', {
          name: nameOf(template),
          slug: template.slug,
          b: (chunks) => <span className="font-semibold">{chunks}</span>,
          code: (chunks) => <code className="font-mono text-xs">{chunks}</code>,
        })}
      </p>
      <IconButton
        label={t('dismiss')}
        onClick={onDismiss}
        className="-my-1 size-7 shrink-0 rounded-md text-emerald-700 hover:bg-emerald-100 hover:text-emerald-700 focus-visible:outline-emerald-600"
      >
        <CloseIcon className="size-4" />
      </IconButton>
    </div>
  );
}

/** A tab of the store with no templates at all. */
export function EmptyStore({ kind, source }: { kind: TemplateKind; source: Source }) {
  const personal = usePersonalAccount();
  const t = useTranslations('templates.store');
  return (
    <EmptyState
      icon={TemplatesIcon}
      title={t(`empty.${source}.title`, { kind })}
      description={t(`empty.${source}.description`)}
      action={
        <div className="flex flex-wrap justify-center gap-2">
          {source !== 'all' && (
            <Link href={storeHref(kind, 'all')} className={buttonClasses('secondary', 'md')}>
              {t('showAll')}
            </Link>
          )}
          {source !== 'platform' && !personal && (
            <Link href={`/templates/new?type=${kind}`} className={buttonClasses('primary', 'md')}>
              <PlusIcon className="size-4" />
              {t('new', { kind })}
            </Link>
          )}
        </div>
      }
    />
  );
}

/** A search that matches nothing in the current tab. */
export function NoMatch({ query, onClear }: { query: string; onClear: () => void }) {
  const t = useTranslations('templates.store');
  return (
    <EmptyState
      icon={SearchIcon}
      title={<span className="break-words">{t('noMatch', { query })}</span>}
      description={t('noMatchHint')}
      action={
        <Button variant="secondary" onClick={onClear}>
          {t('clearSearch')}
        </Button>
      }
    />
  );
}
