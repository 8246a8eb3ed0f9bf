'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { CopyButton } from '@/components/ui/copy-button';
import { ActivationButton } from '@/components/templates/editor/activation-button';
import { LockIcon, PencilIcon, PlayIcon } from '@/components/icons';
import { actionFor, sampleOf, templateHref, type AnyTemplate } from '@/components/templates/model';
import { SampleImage } from '@/components/templates/sample-image';
import { TemplateBadges } from '@/components/templates/template-badges';
import { useTemplateName } from '@/components/templates/use-template-name';

/** One template of the store: its sample, name, slug, badges and what can be done with it. */
export function TemplateCard({ t, highlight }: { t: AnyTemplate; highlight?: boolean }) {
  const words = useTranslations('templates');
  const nameOf = useTemplateName();
  const name = nameOf(t);
  const titleId = useId();
  const use = actionFor(t);
  const meta = [t.category, t.kind === 'video' ? null : t.domain].filter(Boolean).join(' · ');
  const ready = t.active && !t.locked;

  return (
    <article
      aria-labelledby={titleId}
      data-testid="template-card"
      data-slug={t.slug}
      className={cn(
        'flex w-full min-w-0 flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200/80 transition-shadow hover:shadow-md',
        !t.active && 'bg-slate-50/80',
        highlight && 'ring-2 ring-indigo-500',
      )}
    >
      <div className="relative">
        <SampleImage
          src={sampleOf(t)}
          name={name}
          kind={t.kind}
          className={cn('aspect-[16/9] sm:aspect-[4/3]', !t.active && 'opacity-60 grayscale')}
        />
        {t.kind === 'video' && t.sample_video_url && (
          <a
            href={t.sample_video_url}
            target="_blank"
            rel="noreferrer"
            className={
              'absolute right-3 bottom-3 inline-flex h-8 items-center gap-1.5 rounded-full bg-slate-900/75 px-3 ' +
              'text-xs font-medium text-white backdrop-blur hover:bg-slate-900 focus-visible:outline-2 ' +
              'focus-visible:outline-offset-2 focus-visible:outline-white'
            }
          >
            <PlayIcon className="size-3.5" />
            {words('card.watchSample')}
          </a>
        )}
      </div>

      <div className="flex min-w-0 flex-1 flex-col gap-3 p-4">
        <TemplateBadges t={t} />
        <div className="min-w-0">
          <h3
            id={titleId}
            className="line-clamp-2 text-base leading-snug font-semibold break-words text-slate-900"
            title={name}
          >
            <Link
              href={templateHref(t)}
              className="rounded hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              {name}
            </Link>
          </h3>
          {t.description && (
            <p className="mt-1 line-clamp-2 text-sm leading-6 break-words text-slate-500">{t.description}</p>
          )}
        </div>

        <div className="flex min-w-0 items-center gap-2">
          <code
            className="min-w-0 flex-1 truncate rounded-md bg-slate-50 px-2 py-1 font-mono text-xs text-slate-700 ring-1 ring-inset ring-slate-200/70"
            title={t.slug}
          >
            {t.slug}
          </code>
          <CopyButton value={t.slug} label={words('card.slug')} />
        </div>

        {meta && (
          <p className="truncate text-xs text-slate-500" title={meta}>
            {meta}
          </p>
        )}

        {t.locked && (
          <p className="flex items-start gap-1.5 rounded-lg bg-amber-50 px-2.5 py-2 text-xs leading-5 text-amber-900 ring-1 ring-inset ring-amber-200/80">
            <LockIcon className="mt-0.5 size-3.5 shrink-0 text-amber-600" />
            <span>{words('card.locked')}</span>
          </p>
        )}

        <div className="mt-auto flex flex-wrap items-center gap-2 border-t border-slate-100 pt-3">
          {use && ready && (
            <Link href={use.href} className={buttonClasses('primary', 'sm')}>
              {words(`actions.${use.action}`)}
            </Link>
          )}
          <div className={cn('flex items-center gap-1', use && ready && 'ml-auto')}>
            {t.source === 'mine' && use && ready ? (
              // Beside the main action space is short: the pencil stands for Edit.
              <Link
                href={templateHref(t)}
                aria-label={words('card.editNamed', { name })}
                title={words('card.edit')}
                className={
                  'grid size-8 place-items-center rounded-lg text-slate-500 transition-colors hover:bg-slate-100 ' +
                  'hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 ' +
                  'focus-visible:outline-indigo-600'
                }
              >
                <PencilIcon className="size-4" />
              </Link>
            ) : (
              <Link
                href={templateHref(t)}
                className={buttonClasses(use && ready ? 'ghost' : 'secondary', 'sm', 'px-2.5')}
                aria-label={words(t.source === 'mine' ? 'card.editNamed' : 'card.viewNamed', { name })}
              >
                {words(t.source === 'mine' ? 'card.edit' : 'card.view')}
              </Link>
            )}
            <ActivationButton template={t} compact />
          </div>
        </div>
      </div>
    </article>
  );
}
