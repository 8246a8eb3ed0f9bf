'use client';

import { useId, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useTranslations } from 'next-intl';
import { WarningIcon } from '@/components/icons';
import { buttonClasses } from '@/components/ui/button';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { ListState } from '@/components/ui/list-state';
import { namedFailure } from './load-failure';
import { firstStop, RecipeList } from './recipe-list';
import type { RecipeOption } from './recipe-option';
import { RecipeThumb } from './recipe-thumb';

export type { RecipeOption } from './recipe-option';

/** The read behind the options (a tRPC query result). */
export interface OptionsQuery {
  isError: boolean;
  isPending: boolean;
  error: { message: string } | null;
  refetch: () => unknown;
}

export interface RecipePickerProps {
  /** What is chosen, for the picker's texts: `skill` or `template` (another noun is said as given). */
  noun: string;
  /** Visible caption of the picker. */
  legend: string;
  options: RecipeOption[];
  query: OptionsQuery;
  value: string | null;
  onChange: (value: string) => void;
  /** Why the chosen item cannot be used (shown under it). */
  error?: string;
  /** Shown when there is nothing to choose from at all. */
  empty: ReactNode;
  /** A value was asked for (by the address) that is not among the loaded options. */
  missing?: string | null;
  /** Said after the missing notice, e.g. where else the item may be used. */
  missingHint?: ReactNode;
  /** Stands in for thumbnails when options have none. */
  fallbackIcon?: ReactNode;
}

/**
 * Chooses one skill or template: a searchable list with thumbnails, collapsing to a summary of the
 * chosen item once picked. Arrow keys move through the list; Escape returns to the chosen item.
 */
export function RecipePicker({
  noun,
  legend,
  options,
  query,
  value,
  onChange,
  error,
  empty,
  missing,
  missingHint,
  fallbackIcon,
}: RecipePickerProps) {
  const t = useTranslations('fields.picker');
  const id = useId();
  const [browsing, setBrowsing] = useState(false);
  const [search, setSearch] = useState('');
  const changeButton = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);

  const selected = value === null ? undefined : options.find((o) => o.value === value);
  const open = browsing || !selected;

  // Focus moves to what the change shows, so it is rendered first.
  function close(choice?: RecipeOption) {
    flushSync(() => {
      if (choice) onChange(choice.value);
      setBrowsing(false);
      setSearch('');
    });
    changeButton.current?.focus();
  }

  function browse() {
    flushSync(() => setBrowsing(true));
    firstStop(list.current)?.focus();
  }

  return (
    <div className="min-w-0 space-y-2" role="group" aria-labelledby={`${id}-legend`}>
      <div className="flex items-baseline justify-between gap-2">
        <p id={`${id}-legend`} className="text-sm font-medium text-slate-700">
          {legend}
        </p>
        {open && selected && (
          <button
            type="button"
            onClick={() => close()}
            className="rounded text-xs font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            {t('keep', { name: selected.name })}
          </button>
        )}
      </div>

      {missing && (
        <p className="flex items-start gap-1.5 rounded-lg bg-amber-50 px-3 py-2 text-xs break-words text-amber-800 ring-1 ring-inset ring-amber-200">
          <WarningIcon className="mt-px size-3.5 shrink-0" />
          <span>
            {t('missing', { noun, slug: missing })}
            {missingHint ? <> {missingHint}</> : null}
          </span>
        </p>
      )}

      <ListState
        query={namedFailure(query, (message) => t('loadFailed', { noun, message }))}
        empty={options.length === 0}
        keepRowsOnError
        loading={<ListSkeleton label={t('loading', { noun })} />}
        placeholder={
          <div className="rounded-xl border border-dashed border-slate-300 px-4 py-5 text-center text-sm text-slate-500">
            {empty}
          </div>
        }
      >
        {!open && selected ? (
          <div
            className="flex items-start gap-3 rounded-xl bg-slate-50/70 p-3 ring-1 ring-slate-200"
            data-testid="recipe-selected"
          >
            <RecipeThumb
              src={selected.thumb}
              ratio={selected.ratio}
              className="size-16 rounded-lg ring-1 ring-slate-200"
              fallback={selected.icon ?? fallbackIcon}
              loading="eager"
            />
            <div className="min-w-0 flex-1">
              <p className="text-sm font-semibold break-words text-slate-900">{selected.name}</p>
              {selected.description && (
                <p className="mt-0.5 text-xs leading-5 break-words text-slate-600">{selected.description}</p>
              )}
              {selected.meta && <div className="mt-1.5 flex flex-wrap gap-1.5">{selected.meta}</div>}
            </div>
            <button
              ref={changeButton}
              type="button"
              className={buttonClasses('secondary', 'sm', 'h-7 shrink-0 px-2.5 text-xs')}
              aria-label={t('changeLabel', { noun })}
              onClick={browse}
            >
              {t('change')}
            </button>
          </div>
        ) : (
          <RecipeList
            ref={list}
            noun={noun}
            options={options}
            value={value}
            query={search}
            onQuery={setSearch}
            onChoose={(o) => !o.locked && close(o)}
            onClose={selected ? () => close() : undefined}
            fallbackIcon={fallbackIcon}
          />
        )}
      </ListState>

      {error && (
        <p className="flex items-start gap-1.5 text-xs break-words text-rose-600" role="alert">
          <WarningIcon className="mt-px size-3.5 shrink-0" />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}
