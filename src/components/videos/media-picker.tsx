'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useId, type Ref } from 'react';
import { trpc } from '@/trpc/react';
import { CheckIcon, ExternalIcon, InfoIcon, VideoIcon, WarningIcon } from '@/components/icons';
import { cn } from '@/components/ui/cn';
import { ListState } from '@/components/ui/list-state';

type Kind = 'video' | 'audio';

interface MediaPickerProps {
  kind: Kind;
  selected: string[];
  onChange: (urls: string[]) => void;
  max: number;
  /** Why the chosen tier takes none: the picker is shown, disabled, with this reason. */
  disabledReason: string | null;
  /** Chosen ones the tier does not take (the server would refuse them). */
  warning?: string | null;
  /** The server refused these references. */
  error?: string | undefined;
  ref?: Ref<HTMLFieldSetElement>;
}

/** Reference videos or audio from the caller's uploads of that kind, toggled in click order. */
export function MediaPicker({ kind, selected, onChange, max, disabledReason, warning, error, ref }: MediaPickerProps) {
  const t = useTranslations('videos.media');
  const id = useId();
  // Refetched whenever the tab regains focus: files added on the Uploads page show up on return.
  const uploads = trpc.uploads.list.useQuery({ limit: 60 }, { staleTime: 0 });
  const files = (uploads.data?.uploads ?? []).filter((u) => u.media_type === kind);
  const disabled = disabledReason !== null;
  const toggle = (url: string) =>
    onChange(
      selected.includes(url)
        ? selected.filter((u) => u !== url)
        : selected.length < max
          ? [...selected, url]
          : selected,
    );

  return (
    <fieldset
      ref={ref}
      className="min-w-0 scroll-mt-24"
      disabled={disabled && selected.length === 0}
      aria-describedby={disabled ? `${id}-reason` : undefined}
    >
      <legend className="flex w-full items-baseline justify-between gap-2 text-sm font-medium text-slate-700">
        <span>
          {t('legend', { kind })} <span className="font-normal text-slate-500">{t('optional')}</span>
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
      {disabled && (
        <p
          id={`${id}-reason`}
          className="mt-1.5 flex items-start gap-1.5 text-xs text-slate-500"
          data-testid={`${kind}-refs-disabled`}
        >
          <InfoIcon className="mt-px size-3.5 shrink-0" />
          {disabledReason}
        </p>
      )}
      {!disabled || selected.length > 0 ? (
        <div className="pt-2">
          <ListState
            query={{
              ...uploads,
              error: uploads.error ? { message: t('loadFailed', { message: uploads.error.message }) } : null,
            }}
            empty={files.length === 0}
            keepRowsOnError
            loading={
              <div className="h-10 animate-pulse rounded-lg bg-slate-100" aria-busy="true" aria-label={t('loading')} />
            }
            placeholder={
              <p className="rounded-lg border border-dashed border-slate-300 px-3 py-2.5 text-xs text-slate-500">
                {t('empty', { kind })}{' '}
                <Link
                  href="/uploads"
                  target="_blank"
                  rel="noopener"
                  className="font-medium text-indigo-600 underline-offset-2 hover:underline"
                >
                  {t('upload')}
                  <ExternalIcon className="ml-0.5 inline size-3 align-[-1px]" aria-hidden="true" />
                  <span className="sr-only">{t('newTab')}</span>
                </Link>
              </p>
            }
          >
            <ul className="flex flex-wrap gap-2">
              {files.map((f) => {
                const on = selected.includes(f.url);
                const name = f.filename ?? f.key.split('/').pop() ?? f.key;
                return (
                  <li key={f.key} className="max-w-full">
                    <button
                      type="button"
                      aria-pressed={on}
                      aria-label={t('use', { kind, name })}
                      title={name}
                      onClick={() => toggle(f.url)}
                      disabled={!on && (disabled || selected.length >= max)}
                      className={cn(
                        'inline-flex h-9 max-w-full items-center gap-1.5 rounded-lg px-2.5 text-xs font-medium ring-1 ' +
                          'ring-inset transition focus-visible:outline-2 focus-visible:outline-offset-2 ' +
                          'focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-50',
                        on
                          ? 'bg-indigo-50 text-indigo-800 ring-indigo-500'
                          : 'bg-white text-slate-700 ring-slate-300 hover:ring-slate-400',
                      )}
                    >
                      {on ? (
                        <CheckIcon className="size-3.5 shrink-0" />
                      ) : (
                        <VideoIcon className="size-3.5 shrink-0 text-slate-400" />
                      )}
                      <span className="truncate">{name}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </ListState>
          {selected.length >= max && <p className="mt-2 text-xs text-slate-500">{t('max', { max })}</p>}
        </div>
      ) : null}
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
