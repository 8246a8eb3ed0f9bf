'use client';

import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { LockIcon, RefreshIcon, SearchIcon, WarningIcon } from '../icons';
import { ErrorAlert } from '../ui/alert';
import { Button, buttonClasses } from '../ui/button';
import { cn } from '../ui/cn';
import { matchesQuery } from './recipe-search';
import { RecipeThumb } from './recipe-thumb';

export interface RecipeOption {
  /** What the picker reports: a skill's slug, a template's slug. */
  value: string;
  name: string;
  description?: string;
  thumb?: string | null;
  ratio?: string | null;
  /** Small badges (kind of input, format, ratio), shown under the name. */
  meta?: ReactNode;
  /** Options of the same group are listed under one heading, in the order given. */
  group?: string;
  /** Listed but not choosable, with the reason beside the lock. */
  locked?: boolean;
  lockedReason?: string;
  /** Extra text the search matches (slug, genre, category). */
  keywords?: string;
  /** Stands in for this option's thumbnail when it has none. */
  icon?: ReactNode;
}

interface RecipePickerProps {
  /** The noun used in texts: "skill", "template". */
  noun: string;
  /** Visible caption of the picker. */
  legend: string;
  options: RecipeOption[];
  value: string | null;
  onChange: (value: string) => void;
  loading: boolean;
  loadError?: string | null;
  onRetry?: () => void;
  /** The server refused the chosen item (shown under it). */
  error?: string;
  /** Shown when there is nothing to choose from at all. */
  empty: ReactNode;
  /** A value was asked for (by the address) that is not among the options. */
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
  value,
  onChange,
  loading,
  loadError,
  onRetry,
  error,
  empty,
  missing,
  missingHint,
  fallbackIcon,
}: RecipePickerProps) {
  const id = useId();
  const [browsing, setBrowsing] = useState(false);
  const [query, setQuery] = useState('');
  const [focusTarget, setFocusTarget] = useState<'change' | 'list' | null>(null);
  const changeButton = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const search = useRef<HTMLInputElement>(null);

  const selected = value === null ? undefined : options.find((o) => o.value === value);
  const open = browsing || !selected;
  const shown = useMemo(() => options.filter((o) => matchesQuery(query, [o.name, o.description, o.keywords, o.value])), [options, query]);
  const groups = useMemo(() => groupOptions(shown), [shown]);

  useEffect(() => {
    if (focusTarget === 'change') changeButton.current?.focus();
    if (focusTarget === 'list') (search.current ?? optionButtons(list.current)[0])?.focus();
    if (focusTarget) setFocusTarget(null);
  }, [focusTarget]);

  function choose(option: RecipeOption) {
    if (option.locked) return;
    onChange(option.value);
    setBrowsing(false);
    setQuery('');
    setFocusTarget('change');
  }

  function onListKey(e: KeyboardEvent<HTMLElement>) {
    const buttons = optionButtons(list.current);
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    let next: number | null = null;
    if (e.key === 'ArrowDown') next = at < 0 ? 0 : Math.min(at + 1, buttons.length - 1);
    else if (e.key === 'ArrowUp') next = at <= 0 ? -1 : at - 1;
    else if (e.key === 'Home' && at >= 0) next = 0;
    else if (e.key === 'End' && at >= 0) next = buttons.length - 1;
    else if (e.key === 'Escape' && selected) {
      e.preventDefault();
      setBrowsing(false);
      setQuery('');
      setFocusTarget('change');
      return;
    }
    if (next === null) return;
    e.preventDefault();
    if (next < 0) search.current?.focus();
    else buttons[next]?.focus();
  }

  const searchable = options.length > 6;

  return (
    <div className="min-w-0 space-y-2" role="group" aria-labelledby={`${id}-legend`}>
      <div className="flex items-baseline justify-between gap-2">
        <p id={`${id}-legend`} className="text-sm font-medium text-slate-700">
          {legend}
        </p>
        {open && selected && (
          <button
            type="button"
            onClick={() => {
              setBrowsing(false);
              setQuery('');
              setFocusTarget('change');
            }}
            className="rounded text-xs font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            Keep {selected.name}
          </button>
        )}
      </div>

      {missing && !loading && !loadError && (
        <p className="flex items-start gap-1.5 rounded-lg bg-amber-50 px-3 py-2 text-xs break-words text-amber-800 ring-1 ring-inset ring-amber-200">
          <WarningIcon className="mt-px size-3.5 shrink-0" />
          <span>
            There is no {noun} “{missing}” you can use. Choose another one below.
            {missingHint ? <> {missingHint}</> : null}
          </span>
        </p>
      )}

      {loading && options.length === 0 ? (
        <div className="space-y-2" aria-busy="true" aria-label={`Loading ${noun}s`}>
          {Array.from({ length: 3 }, (_, i) => (
            <div key={i} className="flex items-center gap-3 rounded-xl p-2 ring-1 ring-slate-100">
              <div className="size-12 animate-pulse rounded-md bg-slate-100" />
              <div className="flex-1 space-y-2">
                <div className="h-3 w-1/3 animate-pulse rounded bg-slate-100" />
                <div className="h-3 w-2/3 animate-pulse rounded bg-slate-100" />
              </div>
            </div>
          ))}
        </div>
      ) : loadError && options.length === 0 ? (
        <ErrorAlert>
          <p>
            The {noun}s could not be loaded: {loadError}
          </p>
          {onRetry && (
            <Button variant="secondary" size="sm" onClick={onRetry} className="mt-2">
              <RefreshIcon className="size-3.5" />
              Try again
            </Button>
          )}
        </ErrorAlert>
      ) : options.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 px-4 py-5 text-center text-sm text-slate-500">{empty}</div>
      ) : !open && selected ? (
        <div className="flex items-start gap-3 rounded-xl bg-slate-50/70 p-3 ring-1 ring-slate-200" data-testid="recipe-selected">
          <RecipeThumb
            src={selected.thumb}
            ratio={selected.ratio}
            className="size-16 rounded-lg ring-1 ring-slate-200"
            fallback={selected.icon ?? fallbackIcon}
            loading="eager"
          />
          <div className="min-w-0 flex-1">
            <p className="text-sm font-semibold break-words text-slate-900">{selected.name}</p>
            {selected.description && <p className="mt-0.5 text-xs leading-5 break-words text-slate-600">{selected.description}</p>}
            {selected.meta && <div className="mt-1.5 flex flex-wrap gap-1.5">{selected.meta}</div>}
          </div>
          <button
            ref={changeButton}
            type="button"
            className={buttonClasses('secondary', 'sm', 'h-7 shrink-0 px-2.5 text-xs')}
            aria-label={`Change ${noun}`}
            onClick={() => {
              setBrowsing(true);
              setFocusTarget('list');
            }}
          >
            Change
          </button>
        </div>
      ) : (
        <div className="overflow-hidden rounded-xl ring-1 ring-slate-200" onKeyDown={onListKey}>
          {searchable && (
            <div className="relative border-b border-slate-100">
              <label htmlFor={`${id}-search`} className="sr-only">
                Search {noun}s
              </label>
              <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
              <input
                ref={search}
                id={`${id}-search`}
                type="search"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                placeholder={`Search ${options.length} ${noun}s`}
                autoComplete="off"
                className="block h-10 w-full border-0 bg-white pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-400 focus:bg-indigo-50/40 focus:outline-none"
              />
            </div>
          )}
          <div ref={list} className="max-h-[22rem] overflow-y-auto overscroll-contain p-1.5">
            {shown.length === 0 ? (
              <p className="px-3 py-6 text-center text-sm break-words text-slate-500">
                No {noun}s match “{query}”.{' '}
                <button
                  type="button"
                  onClick={() => {
                    setQuery('');
                    search.current?.focus();
                  }}
                  className="font-medium text-indigo-600 hover:text-indigo-500"
                >
                  Clear search
                </button>
              </p>
            ) : (
              groups.map(([group, items]) => (
                <div key={group ?? ''} role="group" aria-label={group}>
                  {group && groups.length > 1 && (
                    <p aria-hidden="true" className="px-2 pt-2 pb-1 text-[11px] font-semibold tracking-wide text-slate-400 uppercase">
                      {group}
                    </p>
                  )}
                  <ul className="space-y-0.5">
                    {items.map((o) => (
                      <li key={o.value}>
                        <OptionButton option={o} selected={o.value === value} onChoose={choose} fallbackIcon={fallbackIcon} />
                      </li>
                    ))}
                  </ul>
                </div>
              ))
            )}
          </div>
        </div>
      )}

      {error && (
        <p className="flex items-start gap-1.5 text-xs break-words text-rose-600" role="alert">
          <WarningIcon className="mt-px size-3.5 shrink-0" />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}

function OptionButton({
  option,
  selected,
  onChoose,
  fallbackIcon,
}: {
  option: RecipeOption;
  selected: boolean;
  onChoose: (o: RecipeOption) => void;
  fallbackIcon?: ReactNode;
}) {
  const locked = !!option.locked;
  return (
    <button
      type="button"
      data-option=""
      aria-pressed={locked ? undefined : selected}
      aria-disabled={locked || undefined}
      onClick={() => onChoose(option)}
      className={cn(
        'flex w-full items-start gap-3 rounded-lg p-2 text-left transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600',
        locked ? 'cursor-not-allowed' : 'hover:bg-slate-50',
        selected && 'bg-indigo-50 ring-1 ring-indigo-200 ring-inset hover:bg-indigo-50',
      )}
    >
      <RecipeThumb
        src={option.thumb}
        ratio={option.ratio}
        className={cn('size-12 rounded-md ring-1 ring-slate-200', locked && 'opacity-50 grayscale')}
        fallback={option.icon ?? fallbackIcon}
      />
      <span className="min-w-0 flex-1">
        <span className={cn('block text-sm font-medium break-words', locked ? 'text-slate-400' : 'text-slate-900')}>{option.name}</span>
        {option.description && (
          <span className={cn('mt-0.5 line-clamp-2 block text-xs leading-5 break-words', locked ? 'text-slate-400' : 'text-slate-500')}>
            {option.description}
          </span>
        )}
        {locked ? (
          <span className="mt-1 flex items-center gap-1 text-xs font-medium text-amber-700">
            <LockIcon className="size-3.5 shrink-0" />
            {option.lockedReason ?? 'Locked'}
          </span>
        ) : (
          option.meta && <span className="mt-1 flex flex-wrap gap-1">{option.meta}</span>
        )}
      </span>
    </button>
  );
}

function optionButtons(root: HTMLElement | null): HTMLButtonElement[] {
  return root ? [...root.querySelectorAll<HTMLButtonElement>('button[data-option]')] : [];
}

/** Options under their group headings, in order of first appearance; locked ones last in each group. */
function groupOptions(options: RecipeOption[]): [string | undefined, RecipeOption[]][] {
  const out: [string | undefined, RecipeOption[]][] = [];
  for (const o of options) {
    const group = out.find(([g]) => g === o.group);
    if (group) group[1].push(o);
    else out.push([o.group, [o]]);
  }
  return out.map(([g, items]) => [g, [...items.filter((o) => !o.locked), ...items.filter((o) => o.locked)]]);
}
