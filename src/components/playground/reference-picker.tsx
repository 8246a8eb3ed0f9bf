'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useId, useState, type CSSProperties, type ReactNode, type Ref } from 'react';
import { trpc } from '@/trpc/react';
import { CheckIcon, ExternalIcon, ImageIcon, UploadsIcon, WarningIcon } from '@/components/icons';
import { cn } from '@/components/ui/cn';
import { ListState } from '@/components/ui/list-state';
import { checkerboard } from '@/components/jobs/job-visual';
import { namedFailure } from '@/components/fields/load-failure';
import { TabList } from '@/components/fields/tab-list';
import type { Job } from '@/components/jobs/job-model';

interface ReferencePickerProps {
  selected: string[];
  onChange: (urls: string[]) => void;
  /** Shown under the thumbnails, e.g. that the chosen model ignores references. */
  warning?: string | null;
  max: number;
  /** The chosen skill works from the caller's own image: at least one is needed. */
  required?: boolean;
  /** The server refused the references (shown under them). */
  error?: string | null;
  id?: string;
  ref?: Ref<HTMLFieldSetElement>;
  /** The picker's caption (default: "Reference images" in the page's language). */
  legend?: string;
  /** What a chosen image becomes, by its place and the number chosen (e.g. "First frame"); said by its badge. */
  roleOf?: (index: number, count: number) => string;
  /** Said under the thumbnails in grey (e.g. what the chosen images do). */
  hint?: ReactNode;
}

type Tab = 'results' | 'uploads';

interface Choice {
  key: string;
  url: string;
  /** Accessible name of the toggle. */
  name: string;
  /** Tooltip: the prompt or the file name. */
  title: string;
  style: CSSProperties;
}

const plain: CSSProperties = { backgroundColor: '#f1f5f9' };

type PickerWords = ReturnType<typeof useTranslations<'playground.references'>>;

function resultChoices(jobs: Job[], t: PickerWords): Choice[] {
  return (
    jobs
      // Finished images only: a video job's result is not a reference image.
      .filter((j): j is Job & { cdn_url: string } => j.status === 'done' && !!j.cdn_url && j.kind !== 'video')
      .map((j) => ({
        key: j.id,
        url: j.cdn_url,
        name: t('useResult', { prompt: j.prompt }),
        title: j.prompt,
        style: j.background === 'transparent' ? checkerboard : plain,
      }))
  );
}

/**
 * Reference images toggled on and off (in click order), from two places: the tenant's earlier results
 * and the images it uploaded.
 */
export function ReferencePicker({
  selected,
  onChange,
  warning,
  max,
  required = false,
  error,
  id,
  ref,
  legend: givenLegend,
  roleOf,
  hint,
}: ReferencePickerProps) {
  const t = useTranslations('playground.references');
  const legend = givenLegend ?? t('legend');
  const baseId = useId();
  const recent = trpc.jobs.get.useQuery({ status: 'done', limit: 12 });
  // Refetched whenever the tab regains focus: images added on the Uploads page show up on return.
  const uploads = trpc.uploads.list.useQuery({ limit: 60 }, { staleTime: 0 });
  const [picked, setPicked] = useState<Tab | null>(null);

  const results = resultChoices(recent.data?.jobs ?? [], t);
  const images: Choice[] = (uploads.data?.uploads ?? [])
    .filter((u) => u.media_type === 'image')
    .map((u) => {
      const file = `${u.workspace_id ? `${u.workspace_id}/` : ''}${u.filename ?? u.key.split('/').pop() ?? u.key}`;
      return {
        key: u.key,
        url: u.url,
        name: t('useUpload', { file }),
        title: file,
        // PNG uploads may carry transparency: show it the way results do.
        style: u.mime === 'image/png' || u.mime === 'image/webp' || u.mime === 'image/gif' ? checkerboard : plain,
      };
    });

  // Until someone picks a tab: earlier results, unless there are none yet and there are uploads.
  const tab: Tab = picked ?? (!recent.isPending && results.length === 0 && images.length > 0 ? 'uploads' : 'results');
  const tabs: { value: Tab; label: string; count: number }[] = [
    { value: 'results', label: t('results'), count: selected.filter((u) => results.some((c) => c.url === u)).length },
    { value: 'uploads', label: t('uploads'), count: selected.filter((u) => images.some((c) => c.url === u)).length },
  ];

  const panel =
    tab === 'results'
      ? {
          query: recent,
          choices: results,
          empty: t(required ? 'emptyRequired' : 'emptyResults'),
          more: null,
        }
      : {
          query: namedFailure(uploads, (message) => t('uploadsFailed', { message })),
          choices: images,
          empty: t.rich('emptyUploads', {
            link: (chunks) => (
              <UploadsLink className="font-medium text-indigo-600 underline-offset-2 hover:underline">
                {chunks}
              </UploadsLink>
            ),
          }),
          more: (
            <li>
              <UploadsLink
                className={
                  'flex aspect-square w-full flex-col items-center justify-center gap-1 rounded-lg border border-dashed ' +
                  'border-slate-300 text-center text-[11px] leading-tight font-medium text-slate-500 transition-colors ' +
                  'hover:border-indigo-400 hover:bg-indigo-50/50 hover:text-indigo-700'
                }
              >
                <UploadsIcon className="size-5" />
                {t('uploadMore')}
              </UploadsLink>
            </li>
          ),
        };

  const toggle = (url: string) =>
    onChange(
      selected.includes(url)
        ? selected.filter((u) => u !== url)
        : selected.length < max
          ? [...selected, url]
          : selected,
    );

  return (
    <fieldset ref={ref} className="min-w-0 scroll-mt-24" id={id}>
      <legend className="flex w-full items-baseline justify-between gap-2 text-sm font-medium text-slate-700">
        <span>
          {legend}{' '}
          {required ? (
            <span className="font-normal text-amber-700">{t('required')}</span>
          ) : (
            <span className="font-normal text-slate-500">{t('optional')}</span>
          )}
        </span>
        {selected.length > 0 && (
          <button
            type="button"
            onClick={() => onChange([])}
            className="rounded text-xs font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            {t('clear', { count: selected.length })}
          </button>
        )}
      </legend>

      <TabList
        label={t('tabs')}
        tabs={tabs}
        value={tab}
        onChange={setPicked}
        tabId={(v) => `${baseId}-tab-${v}`}
        panelId={`${baseId}-panel`}
        className="mt-2 flex gap-4 border-b border-slate-200"
        tabClassName={(active) =>
          cn(
            '-mb-px inline-flex h-9 items-center gap-1.5 border-b-2 px-0.5 text-xs font-medium whitespace-nowrap ' +
              'transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 ' +
              'focus-visible:outline-indigo-600',
            active
              ? 'border-indigo-600 text-indigo-700'
              : 'border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-800',
          )
        }
      >
        {(tab) => (
          <>
            {tab.label}
            {tab.count > 0 && (
              <span className="rounded-full bg-indigo-600 px-1.5 py-px text-[10px] leading-4 font-semibold text-white">
                {t.rich('count', { count: tab.count, sr: (chunks) => <span className="sr-only">{chunks}</span> })}
              </span>
            )}
          </>
        )}
      </TabList>

      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${tab}`} className="pt-2.5">
        <ListState
          query={panel.query}
          empty={panel.choices.length === 0}
          keepRowsOnError
          loading={<Skeleton />}
          placeholder={<Empty>{panel.empty}</Empty>}
        >
          <Grid choices={panel.choices} selected={selected} toggle={toggle} roleOf={roleOf}>
            {panel.more}
          </Grid>
        </ListState>
      </div>

      {hint && <div className="mt-2 text-xs text-slate-500">{hint}</div>}
      {selected.length >= max && (
        <p className="mt-2 text-xs text-slate-500">{t('max', { max, legend: legend.toLowerCase() })}</p>
      )}
      {error && (
        <p className="mt-2 flex items-start gap-1.5 text-xs break-words text-rose-600" role="alert">
          <WarningIcon className="mt-px size-3.5 shrink-0" />
          <span>{error}</span>
        </p>
      )}
      {warning && <p className="mt-2 text-xs text-amber-700">{warning}</p>}
    </fieldset>
  );
}

/** The Uploads page in a new tab, so the form here keeps what was typed. */
function UploadsLink({ className, children }: { className?: string; children: ReactNode }) {
  const t = useTranslations('playground.references');
  return (
    <Link
      href="/uploads"
      target="_blank"
      rel="noopener"
      className={cn(
        'rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
        className,
      )}
    >
      {children}
      <ExternalIcon className="ml-0.5 inline size-3 align-[-1px]" aria-hidden="true" />
      <span className="sr-only"> {t('newTab')}</span>
    </Link>
  );
}

interface GridProps {
  choices: Choice[];
  selected: string[];
  toggle: (url: string) => void;
  roleOf?: ((index: number, count: number) => string) | undefined;
  children?: ReactNode;
}

function Grid({ choices, selected, toggle, roleOf, children }: GridProps) {
  const t = useTranslations('playground.references');
  return (
    <ul className="grid grid-cols-4 gap-2 sm:grid-cols-6">
      {choices.map((c) => {
        const order = selected.indexOf(c.url);
        const on = order >= 0;
        return (
          <li key={c.key}>
            <button
              type="button"
              aria-pressed={on}
              aria-label={c.name}
              title={c.title}
              onClick={() => toggle(c.url)}
              className={cn(
                'group relative block aspect-square w-full overflow-hidden rounded-lg ring-1 transition ' +
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
                on ? 'ring-2 ring-indigo-600' : 'ring-slate-200 hover:ring-slate-400',
              )}
              style={c.style}
            >
              {/* The file itself (Studio keeps no smaller renditions), on the storage host of the deployment; the empty
    alt is no text (the button carries the name). */}
              {/* eslint-disable-next-line @next/next/no-img-element, no-restricted-syntax */}
              <img src={c.url} alt="" loading="lazy" decoding="async" className="size-full object-cover" />
              {on && (
                <span
                  className="absolute top-1 right-1 grid size-5 place-items-center rounded-full bg-indigo-600 text-[11px] font-semibold text-white shadow"
                  title={roleOf?.(order, selected.length)}
                >
                  {selected.length > 1 || roleOf ? order + 1 : <CheckIcon className="size-3" />}
                  {roleOf && <span className="sr-only">{t('role', { role: roleOf(order, selected.length) })}</span>}
                </span>
              )}
            </button>
          </li>
        );
      })}
      {children}
    </ul>
  );
}

function Skeleton() {
  const t = useTranslations('playground.references');
  return (
    <div className="grid grid-cols-4 gap-2 sm:grid-cols-6" aria-busy="true" aria-label={t('loading')}>
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="aspect-square animate-pulse rounded-lg bg-slate-100" />
      ))}
    </div>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <div className="flex items-center gap-3 rounded-lg border border-dashed border-slate-300 px-3 py-3 text-xs text-slate-500">
      <ImageIcon className="size-5 shrink-0 text-slate-300" />
      <p>{children}</p>
    </div>
  );
}
