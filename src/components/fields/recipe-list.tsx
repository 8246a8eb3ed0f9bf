'use client';

import { useMemo, useRef, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { useTranslations } from 'next-intl';
import { LockIcon } from '@/components/icons';
import { cn } from '@/components/ui/cn';
import type { RecipeOption } from './recipe-option';
import { matchesQuery } from './recipe-search';
import { RecipeThumb } from './recipe-thumb';
import { SearchBox } from '@/components/ui/search-box';

interface RecipeListProps {
  noun: string;
  options: RecipeOption[];
  value: string | null;
  query: string;
  onQuery: (query: string) => void;
  onChoose: (option: RecipeOption) => void;
  /** Escape: back to the chosen item, if there is one. */
  onClose?: () => void;
  fallbackIcon?: ReactNode;
  ref?: Ref<HTMLDivElement>;
}

/** The searchable list of a recipe picker. Arrow keys move between the search and the options. */
export function RecipeList({
  noun,
  options,
  value,
  query,
  onQuery,
  onChoose,
  onClose,
  fallbackIcon,
  ref,
}: RecipeListProps) {
  const t = useTranslations('fields.picker');
  const list = useRef<HTMLDivElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const shown = useMemo(
    () => options.filter((o) => matchesQuery(query, [o.name, o.description, o.keywords, o.value])),
    [options, query],
  );
  const groups = useMemo(() => groupOptions(shown), [shown]);
  const searchable = options.length > 6;

  function onKeyDown(e: KeyboardEvent<HTMLElement>) {
    const buttons = optionButtons(list.current);
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    let next: number | null = null;
    if (e.key === 'ArrowDown') next = at < 0 ? 0 : Math.min(at + 1, buttons.length - 1);
    else if (e.key === 'ArrowUp') next = at <= 0 ? -1 : at - 1;
    else if (e.key === 'Home' && at >= 0) next = 0;
    else if (e.key === 'End' && at >= 0) next = buttons.length - 1;
    else if (e.key === 'Escape' && onClose) {
      e.preventDefault();
      onClose();
      return;
    }
    if (next === null) return;
    e.preventDefault();
    if (next < 0) search.current?.focus();
    else buttons[next]?.focus();
  }

  return (
    <div ref={ref} className="overflow-hidden rounded-xl ring-1 ring-slate-200" onKeyDown={onKeyDown}>
      {searchable && (
        <SearchBox
          label={t('search', { noun })}
          value={query}
          onChange={onQuery}
          placeholder={t('searchPlaceholder', { noun, count: options.length })}
          className="border-b border-slate-100"
          inputClassName="focus:bg-indigo-50/40"
          inputRef={search}
        />
      )}
      <div ref={list} className="max-h-[22rem] overflow-y-auto overscroll-contain p-1.5">
        {shown.length === 0 ? (
          <p className="px-3 py-6 text-center text-sm break-words text-slate-500">
            {t('noMatch', { noun, query })}{' '}
            <button
              type="button"
              onClick={() => {
                onQuery('');
                search.current?.focus();
              }}
              className="font-medium text-indigo-600 hover:text-indigo-500"
            >
              {t('clearSearch')}
            </button>
          </p>
        ) : (
          groups.map(([group, items]) => (
            <div key={group ?? ''} role="group" aria-label={group}>
              {group && groups.length > 1 && (
                <p
                  aria-hidden="true"
                  className="px-2 pt-2 pb-1 text-[11px] font-semibold tracking-wide text-slate-500 uppercase"
                >
                  {group}
                </p>
              )}
              <ul className="space-y-0.5">
                {items.map((o) => (
                  <li key={o.value}>
                    <OptionButton
                      option={o}
                      selected={o.value === value}
                      onChoose={onChoose}
                      fallbackIcon={fallbackIcon}
                    />
                  </li>
                ))}
              </ul>
            </div>
          ))
        )}
      </div>
    </div>
  );
}

/** The first thing to focus when the list opens: the search, else the first option. */
export function firstStop(root: HTMLElement | null): HTMLElement | null {
  return root?.querySelector<HTMLElement>('input[type="search"]') ?? optionButtons(root)[0] ?? null;
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
  const t = useTranslations('fields.picker');
  const locked = !!option.locked;
  return (
    <button
      type="button"
      data-option=""
      aria-pressed={locked ? undefined : selected}
      aria-disabled={locked || undefined}
      onClick={() => onChoose(option)}
      className={cn(
        'flex w-full items-start gap-3 rounded-lg p-2 text-left transition-colors focus-visible:outline-2 ' +
          'focus-visible:-outline-offset-2 focus-visible:outline-indigo-600',
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
        <span className={cn('block text-sm font-medium break-words', locked ? 'text-slate-500' : 'text-slate-900')}>
          {option.name}
        </span>
        {option.description && (
          <span
            className={cn(
              'mt-0.5 line-clamp-2 block text-xs leading-5 break-words',
              locked ? 'text-slate-500' : 'text-slate-500',
            )}
          >
            {option.description}
          </span>
        )}
        {locked ? (
          <span className="mt-1 flex items-center gap-1 text-xs font-medium text-amber-700">
            <LockIcon className="size-3.5 shrink-0" />
            {option.lockedReason ?? t('locked')}
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
