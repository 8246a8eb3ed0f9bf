'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { SearchIcon } from '@/components/icons';
import { MethodBadge } from './method-badge';
import type { SearchEntry } from './search-entries';
import { searchReference, type SearchHit } from './search-match';

const hitHref = (hit: SearchHit) => `/docs/${hit.entry.group}#${hit.entry.id}`;

// False in the server's HTML, true once the page runs: the box takes typing only when it can answer it.
const noSubscription = () => () => {};
const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/**
 * The reference's search: operations by title, path, operation id and field, in the page's language. The index
 * (`/docs/search-index/<locale>`) is fetched once, on the first focus; each key press searches it in the page.
 * Arrow keys move through the results, Enter opens one, `/` anywhere on the page comes back here.
 */
export function DocsSearch() {
  const t = useTranslations('docs.search');
  const locale = useLocale();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [entries, setEntries] = useState<SearchEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const hydrated = useHydrated();

  const load = () => {
    if (entries || failed) return;
    fetch(`/docs/search-index/${locale}`)
      .then((r) => (r.ok ? (r.json() as Promise<SearchEntry[]>) : Promise.reject(new Error(String(r.status)))))
      .then(setEntries, () => setFailed(true));
  };

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      const typing = target?.closest('input, textarea, select, [contenteditable="true"]');
      if (e.key === '/' && !typing && !e.metaKey && !e.ctrlKey && !e.altKey) {
        e.preventDefault();
        input.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const hits = useMemo(() => (entries ? searchReference(entries, query) : []), [entries, query]);
  const open = query.trim().length > 0;

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (hits.length) setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : hits.length - 1)) % hits.length);
    } else if (e.key === 'Enter' && hits[active]) {
      e.preventDefault();
      window.location.assign(hitHref(hits[active]));
    } else if (e.key === 'Escape') setQuery('');
  };

  return (
    <div className="relative" role="search">
      <label htmlFor={`${id}-input`} className="sr-only">
        {t('label')}
      </label>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
      <input
        ref={input}
        id={`${id}-input`}
        type="search"
        role="combobox"
        aria-expanded={open}
        aria-controls={`${id}-results`}
        aria-autocomplete="list"
        aria-activedescendant={open && hits[active] ? `${id}-hit-${active}` : undefined}
        value={query}
        placeholder={t('placeholder')}
        autoComplete="off"
        disabled={!hydrated}
        onFocus={load}
        onChange={(e) => {
          load();
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        className={
          'block h-10 w-full rounded-lg border-0 bg-white pr-3 pl-9 text-sm text-slate-900 shadow-sm ring-1 ' +
          'ring-slate-300 ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-indigo-600 focus:outline-none'
        }
      />
      {open && (
        <div className="absolute inset-x-0 top-11 z-40 max-h-[min(28rem,70vh)] overflow-y-auto rounded-xl bg-white shadow-lg ring-1 ring-slate-200">
          {hits.length > 0 ? (
            <ul id={`${id}-results`} role="listbox" aria-label={t('results')} className="py-1">
              {hits.map((hit, i) => (
                <li
                  key={`${hit.entry.id}-${hit.field?.name ?? ''}`}
                  id={`${id}-hit-${i}`}
                  role="option"
                  aria-selected={i === active}
                >
                  <a
                    href={hitHref(hit)}
                    onMouseEnter={() => setActive(i)}
                    className={`block px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-indigo-600 ${i === active ? 'bg-indigo-50' : ''}`}
                  >
                    <span className="flex min-w-0 items-center gap-2">
                      <MethodBadge method={hit.entry.method} className="w-11 text-[10px]" />
                      <span className="truncate font-mono text-xs text-slate-700">{hit.entry.path}</span>
                    </span>
                    <span className="mt-0.5 block truncate font-medium text-slate-900">{hit.entry.title}</span>
                    <span className="block truncate text-xs text-slate-500">
                      {hit.entry.groupTitle}
                      {hit.field && (
                        <>
                          {' · '}
                          <code className="font-mono">{hit.field.name}</code> {hit.field.description}
                        </>
                      )}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <p id={`${id}-results`} className="px-3 py-3 text-sm text-slate-500" role="status">
              {entries ? t('none') : failed ? t('failed') : t('loading')}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
