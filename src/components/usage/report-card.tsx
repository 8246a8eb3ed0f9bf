'use client';

import { useTranslations } from 'next-intl';
import { useId, type ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { Segmented } from '@/components/ui/segmented';
import { Spinner } from '@/components/ui/spinner';
import { LoadError } from '@/components/console/load-error';
import type { Report } from './types';
import { useErrorText } from '@/components/console/use-error-text';

/** A report's window switch: its name for screen readers, the windows it offers and the one shown. */
export interface WindowSwitch<W extends number> {
  label: string;
  name: string;
  /** Tailwind width of the switch beside the title. */
  width: string;
  windows: readonly W[];
  text: (window: W) => string;
  value: W;
  onChange: (window: W) => void;
}

interface ReportCardProps<D, W extends number> {
  title: string;
  description: string;
  switcher: WindowSwitch<W>;
  query: Report<D>;
  /** Grey shapes of the figures while the first window loads. */
  skeleton: ReactNode;
  /** The figures of the window read; while another window loads they stay, dimmed. */
  children: (data: D) => ReactNode;
}

/** A usage report: its title, a window switch, and the figures, dimmed while another window loads, or why there are none yet. */
export function ReportCard<D, W extends number>({
  title,
  description,
  switcher,
  query,
  skeleton,
  children,
}: ReportCardProps<D, W>) {
  const headingId = useId();
  const updating = query.isPlaceholderData;
  const { windows, value, onChange } = switcher;
  const t = useTranslations('usage.report');
  return (
    <Card aria-labelledby={headingId} role="region">
      <div className="flex flex-col gap-4 border-b border-slate-100 px-5 py-4 sm:flex-row sm:items-start sm:justify-between sm:px-6">
        <div className="min-w-0">
          <div className="flex items-center gap-2">
            <h2 id={headingId} className="text-base font-semibold text-slate-900">
              {title}
            </h2>
            <span className="inline-flex items-center gap-1 text-xs text-slate-500" role="status">
              {updating && (
                <>
                  <Spinner className="size-3.5" /> {t('updating')}
                </>
              )}
            </span>
          </div>
          <p className="mt-1 text-sm text-slate-500">{description}</p>
        </div>
        <Segmented
          legend={<span className="sr-only">{switcher.label}</span>}
          name={switcher.name}
          value={String(value)}
          onChange={(v) => onChange(windows.find((w) => String(w) === v) ?? value)}
          options={windows.map((w) => ({ value: String(w), label: switcher.text(w) }))}
          className={cn('w-full shrink-0 [&_legend]:mb-0', switcher.width)}
        />
      </div>
      <div className={cn('px-5 py-5 transition-opacity sm:px-6', updating && 'opacity-60')}>
        {query.data ? (
          children(query.data)
        ) : query.error ? (
          <LoadError what={t('loadError', { title })} error={query.error} onRetry={query.refetch} />
        ) : (
          <div aria-busy="true" aria-label={t('loading', { title })}>
            {skeleton}
          </div>
        )}
      </div>
    </Card>
  );
}

/** A later refresh failed: the figures shown are the last ones read. */
export function RefreshError({ error, className }: { error: unknown; className: string }) {
  const t = useTranslations('usage.report');
  const errorText = useErrorText();
  if (!error) return null;
  return (
    <p className={cn('text-xs text-rose-700', className)} role="alert">
      {t('refreshError', { message: errorText(error) })}
    </p>
  );
}
