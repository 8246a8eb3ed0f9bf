'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useId, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { useController } from 'react-hook-form';
import { CloseIcon, SearchIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { ListState } from '@/components/ui/list-state';
import { FilterGroup } from '@/components/console/filter-group';
import { matchesQuery } from '@/components/fields/recipe-search';
import type { QueryState, Template } from './model';
import { TemplateTile } from './template-tile';
import type { useCreateClaimForm } from './use-create-claim-form';

type Kind = 'all' | 'image' | 'article';

/** The type filter's choices; their names are `claimCodes.picker.kind.*`. */
const KINDS: readonly Kind[] = ['all', 'image', 'article'];

interface TemplatePickerProps {
  /** The new-claim form, whose `template_ids` the picker holds: in the order they were picked (the texts list them in that order). */
  control: ReturnType<typeof useCreateClaimForm>['form']['control'];
  /** Active image and article templates, the tenant's own first. */
  templates: Template[] | undefined;
  query: QueryState;
}

/**
 * Multi-select of templates with search and a type filter; what is picked stays listed above the grid.
 * Why the choice cannot be sent is shown under the legend, and the form focuses the first tile then.
 */
export function TemplatePicker({ control, templates, query }: TemplatePickerProps) {
  const { field, fieldState } = useController({ control, name: 'template_ids' });
  const t = useTranslations('claimCodes.picker');
  const { value: selected, onChange } = field;
  const problem = fieldState.error?.message;
  const ids = { search: useId(), legend: useId(), problem: useId() };
  const gridRef = useRef<HTMLDivElement>(null);
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState<Kind>('all');
  const all = useMemo(() => templates ?? [], [templates]);
  const byId = useMemo(() => new Map(all.map((t) => [t.id, t])), [all]);
  const counts = {
    all: all.length,
    image: all.filter((t) => t.type === 'image').length,
    article: all.filter((t) => t.type === 'article').length,
  };
  const shown = all.filter(
    (t) =>
      (kind === 'all' || t.type === kind) &&
      matchesQuery(search, [t.zh_name, t.slug, t.category, t.description, t.domain]),
  );
  const chosen = selected.map((id) => byId.get(id)).filter((t): t is Template => !!t);
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...selected.filter((x) => x !== id), id] : selected.filter((x) => x !== id));

  useImperativeHandle(field.ref, () => ({
    focus: () =>
      (gridRef.current?.querySelector<HTMLInputElement>('input[type="checkbox"]') ?? gridRef.current)?.focus(),
  }));

  return (
    <fieldset className="min-w-0" aria-describedby={problem ? ids.problem : undefined} data-testid="template-picker">
      <legend id={ids.legend} className="text-sm font-medium text-slate-700">
        {t('legend')}
      </legend>
      <div className="mt-0.5 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
        <p className="min-w-0 text-xs text-slate-500">{t('hint')}</p>
        <span
          className="text-xs font-medium whitespace-nowrap text-slate-600 tabular-nums"
          aria-live="polite"
          data-testid="picked-count"
        >
          {t('picked', { count: selected.length })}
        </span>
      </div>
      {problem && (
        <p id={ids.problem} className="mt-1 text-xs text-rose-600">
          {problem}
        </p>
      )}

      {chosen.length > 0 && <Chosen templates={chosen} onRemove={(id) => toggle(id, false)} />}

      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        <div className="relative min-w-0 flex-1">
          <Label htmlFor={ids.search} className="sr-only">
            {t('search')}
          </Label>
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
          <Input
            id={ids.search}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('searchPlaceholder')}
            className="pl-9"
          />
        </div>
        <FilterGroup
          label={t('kindLabel')}
          value={kind}
          onChange={setKind}
          className="shrink-0 self-start"
          optionClassName="gap-1.5 px-2.5"
          options={KINDS.map((k) => ({
            value: k,
            label: (
              <>
                {t(`kind.${k}`)}
                {templates && <span className="text-xs text-slate-500 tabular-nums">{counts[k]}</span>}
              </>
            ),
          }))}
        />
      </div>

      <div
        ref={gridRef}
        tabIndex={-1}
        className="mt-3 max-h-[26rem] overflow-y-auto rounded-xl bg-slate-50/70 p-2 ring-1 ring-inset ring-slate-200/70 focus:outline-none sm:max-h-[30rem]"
      >
        <ListState
          query={query}
          empty={all.length === 0}
          keepRowsOnError
          loading={<ListSkeleton label={t('loading')} />}
          placeholder={
            <p className="px-3 py-8 text-center text-sm text-slate-500">
              {t.rich('empty', {
                link: (chunks) => (
                  <Link href="/templates/new" className="font-medium text-indigo-600 hover:text-indigo-500">
                    {chunks}
                  </Link>
                ),
              })}
            </p>
          }
        >
          {shown.length === 0 ? (
            <div className="px-3 py-8 text-center">
              <p className="text-sm break-words text-slate-600">{t('noMatch', { search: search.trim() })}</p>
              <Button variant="secondary" size="sm" className="mt-3" onClick={() => setSearch('')}>
                {t('clearSearch')}
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
        </ListState>
      </div>
    </fieldset>
  );
}

/** What is picked, each with a button to take it out again. */
function Chosen({ templates, onRemove }: { templates: Template[]; onRemove: (id: string) => void }) {
  const say = useTranslations('claimCodes.picker');
  return (
    <ul className="mt-3 flex flex-wrap gap-1.5" aria-label={say('selected')}>
      {templates.map((t) => (
        <li key={t.id} className="max-w-full min-w-0">
          <span
            className={
              'inline-flex max-w-full items-center gap-1 rounded-full bg-indigo-50 py-0.5 pr-0.5 pl-2.5 text-xs ' +
              'font-medium text-indigo-800 ring-1 ring-inset ring-indigo-200'
            }
          >
            <span className="min-w-0 truncate">{t.zh_name}</span>
            <button
              type="button"
              onClick={() => onRemove(t.id)}
              className={
                'grid size-5 shrink-0 place-items-center rounded-full text-indigo-500 hover:bg-indigo-100 ' +
                'hover:text-indigo-800 focus-visible:outline-2 focus-visible:outline-indigo-600'
              }
            >
              <CloseIcon className="size-3" />
              <span className="sr-only">{say('remove', { name: t.zh_name })}</span>
            </button>
          </span>
        </li>
      ))}
    </ul>
  );
}
