'use client';

import Link from 'next/link';
import { useId, useMemo, useState } from 'react';
import { CloseIcon } from '../icons';
import { ErrorAlert } from '../ui/alert';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { Input } from '../ui/input';
import { Label } from '../ui/label';
import { matchesQuery } from '../fields/recipe-search';
import { LockGlyph } from '../templates/glyphs';
import { formatLabel } from '../templates/model';
import { SampleImage } from '../templates/sample-image';
import type { Template } from './model';

type Kind = 'all' | 'image' | 'article';

const KIND_FILTERS: { value: Kind; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'image', label: 'Image' },
  { value: 'article', label: 'Article' },
];

interface TemplatePickerProps {
  /** Active image and article templates, the tenant's own first. */
  templates: Template[] | undefined;
  error: string | null;
  onRetry: () => void;
  /** Chosen template ids, in the order they were picked (the texts list them in that order). */
  selected: string[];
  onChange: (ids: string[]) => void;
  /** Why the choice cannot be sent, shown under the legend. */
  problem?: string | null;
  /** Id of the element the form focuses when the choice is missing. */
  focusId: string;
}

/** Multi-select of templates with search and a type filter; what is picked stays listed above the grid. */
export function TemplatePicker({ templates, error, onRetry, selected, onChange, problem, focusId }: TemplatePickerProps) {
  const ids = { search: useId(), legend: useId(), problem: useId() };
  const [query, setQuery] = useState('');
  const [kind, setKind] = useState<Kind>('all');
  const all = useMemo(() => templates ?? [], [templates]);
  const byId = useMemo(() => new Map(all.map((t) => [t.id, t])), [all]);
  const counts = { all: all.length, image: all.filter((t) => t.type === 'image').length, article: all.filter((t) => t.type === 'article').length };
  const shown = all.filter(
    (t) => (kind === 'all' || t.type === kind) && matchesQuery(query, [t.zh_name, t.slug, t.category, t.description, t.domain]),
  );
  const chosen = selected.map((id) => byId.get(id)).filter((t): t is Template => !!t);

  const toggle = (id: string, on: boolean) => onChange(on ? [...selected.filter((x) => x !== id), id] : selected.filter((x) => x !== id));

  return (
    <fieldset className="min-w-0" aria-describedby={problem ? ids.problem : undefined} data-testid="template-picker">
      <legend id={ids.legend} className="text-sm font-medium text-slate-700">
        Templates
      </legend>
      <div className="mt-0.5 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
        <p className="min-w-0 text-xs text-slate-500">Your own and platform templates, image and article. Pick one or more.</p>
        <span className="text-xs font-medium whitespace-nowrap text-slate-600 tabular-nums" aria-live="polite" data-testid="picked-count">
          {selected.length === 0 ? 'None selected' : `${selected.length} selected`}
        </span>
      </div>
      {problem && (
        <p id={ids.problem} className="mt-1 text-xs text-rose-600">
          {problem}
        </p>
      )}

      {chosen.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Selected templates">
          {chosen.map((t) => (
            <li key={t.id} className="min-w-0 max-w-full">
              <span className="inline-flex max-w-full items-center gap-1 rounded-full bg-indigo-50 py-0.5 pr-0.5 pl-2.5 text-xs font-medium text-indigo-800 ring-1 ring-inset ring-indigo-200">
                <span className="min-w-0 truncate">{t.zh_name}</span>
                <button
                  type="button"
                  onClick={() => toggle(t.id, false)}
                  className="grid size-5 shrink-0 place-items-center rounded-full text-indigo-500 hover:bg-indigo-100 hover:text-indigo-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
                >
                  <CloseIcon className="size-3" />
                  <span className="sr-only">Remove {t.zh_name}</span>
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}

      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        <div className="relative min-w-0 flex-1">
          <Label htmlFor={ids.search} className="sr-only">
            Search templates
          </Label>
          <SearchGlyph className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
          <Input
            id={ids.search}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Search name, slug, category"
            className="pl-9"
          />
        </div>
        <div role="group" aria-label="Template type" className="flex shrink-0 gap-1 self-start rounded-xl bg-slate-100 p-1 ring-1 ring-inset ring-slate-200/70">
          {KIND_FILTERS.map((k) => (
            <button
              key={k.value}
              type="button"
              aria-pressed={kind === k.value}
              onClick={() => setKind(k.value)}
              className={cn(
                'inline-flex h-8 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600',
                kind === k.value ? 'bg-white text-slate-900 shadow-sm ring-1 ring-slate-200' : 'text-slate-600 hover:text-slate-900',
              )}
            >
              {k.label}
              {templates && <span className="text-xs text-slate-400 tabular-nums">{counts[k.value]}</span>}
            </button>
          ))}
        </div>
      </div>

      <div
        id={focusId}
        tabIndex={-1}
        className="mt-3 max-h-[26rem] overflow-y-auto rounded-xl bg-slate-50/70 p-2 ring-1 ring-inset ring-slate-200/70 focus:outline-none sm:max-h-[30rem]"
      >
        {error && !templates ? (
          <ErrorAlert className="m-1">
            {error}{' '}
            <button type="button" className="font-medium underline" onClick={onRetry}>
              Try again
            </button>
          </ErrorAlert>
        ) : !templates ? (
          <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2" aria-busy="true">
            <li className="sr-only">Loading templates…</li>
            {Array.from({ length: 6 }, (_, i) => (
              <li key={i} className="flex gap-3 rounded-xl bg-white p-2.5 ring-1 ring-slate-200/80">
                <div className="size-14 animate-pulse rounded-lg bg-slate-100" />
                <div className="flex-1 space-y-2 pt-1">
                  <div className="h-3 w-2/3 animate-pulse rounded bg-slate-100" />
                  <div className="h-3 w-1/3 animate-pulse rounded bg-slate-100" />
                </div>
              </li>
            ))}
          </ul>
        ) : all.length === 0 ? (
          <p className="px-3 py-8 text-center text-sm text-slate-500">
            No active templates to offer.{' '}
            <Link href="/templates/new" className="font-medium text-indigo-600 hover:text-indigo-500">
              Create a template
            </Link>
          </p>
        ) : shown.length === 0 ? (
          <div className="px-3 py-8 text-center">
            <p className="text-sm break-words text-slate-600">Nothing matches “{query.trim()}”.</p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => setQuery('')}>
              Clear search
            </Button>
          </div>
        ) : (
          <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2" aria-labelledby={ids.legend}>
            {shown.map((t) => (
              <li key={t.id} className="flex min-w-0">
                <TemplateTile template={t} checked={selected.includes(t.id)} onToggle={(on) => toggle(t.id, on)} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </fieldset>
  );
}

function TemplateTile({ template: t, checked, onToggle }: { template: Template; checked: boolean; onToggle: (on: boolean) => void }) {
  const nameId = useId();
  const metaId = useId();
  const willGate = checked && t.source === 'mine' && !t.gated;
  return (
    <label
      data-testid="template-option"
      data-slug={t.slug}
      className={cn(
        'flex w-full min-w-0 cursor-pointer items-start gap-3 rounded-xl bg-white p-2.5 shadow-xs ring-1 ring-slate-200/80 transition-colors hover:ring-slate-300',
        'has-checked:bg-indigo-50/70 has-checked:ring-2 has-checked:ring-indigo-500',
        'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600',
      )}
    >
      <SampleImage src={t.sample_images[0]} name={t.zh_name} kind={t.type} small className="size-14 shrink-0 rounded-lg ring-1 ring-slate-200/70" />
      <span className="min-w-0 flex-1">
        <span id={nameId} className="line-clamp-2 text-sm leading-snug font-medium break-words text-slate-900" title={t.zh_name}>
          {t.zh_name}
        </span>
        <span id={metaId} className="mt-1.5 flex flex-wrap items-center gap-1">
          {t.source === 'mine' ? <Badge tone="indigo">Mine</Badge> : <Badge>Platform</Badge>}
          <Badge tone={t.type === 'image' ? 'sky' : 'emerald'}>{t.type === 'image' ? 'Image' : t.format ? formatLabel(t.format) : 'Article'}</Badge>
          {t.gated && (
            <Badge tone="amber" className="gap-1">
              <LockGlyph className="size-3" />
              Gated
            </Badge>
          )}
          {willGate && (
            <Badge tone="amber" className="gap-1">
              <LockGlyph className="size-3" />
              Becomes gated
            </Badge>
          )}
        </span>
      </span>
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onToggle(e.target.checked)}
        aria-labelledby={nameId}
        aria-describedby={metaId}
        className="mt-0.5 size-4 shrink-0 cursor-pointer accent-indigo-600 focus:outline-none"
      />
    </label>
  );
}

function SearchGlyph({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.75} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className={className}>
      <circle cx="10.5" cy="10.5" r="6" />
      <path d="m15 15 5 5" />
    </svg>
  );
}
