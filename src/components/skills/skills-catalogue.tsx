'use client';

import Link from 'next/link';
import { useCallback, useId, useMemo, useState } from 'react';
import { trpc, type RouterOutputs } from '@/trpc/react';
import { ArrowRightIcon, RefreshIcon, SearchIcon, SkillsIcon } from '../icons';
import { ErrorAlert } from '../ui/alert';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { matchesQuery } from '../fields/recipe-search';
import { useServerSeed } from '../fields/use-server-seed';
import { RecipeThumb } from '../fields/recipe-thumb';
import { genreCounts, genreLabel } from './genres';
import { InputKindBadge, NeedsImageBadge, RatioBadge } from './skill-badges';

export type Skill = RouterOutputs['skills']['list']['skills'][number];

/** The catalogue of skills: genre chips and a search over a grid of cards, each opening the skill in the Playground. */
export function SkillsCatalogue({ initialSkills }: { initialSkills: Skill[] | null }) {
  const searchId = useId();
  const utils = trpc.useUtils();
  const seed = useMemo(() => (initialSkills ? { ok: true as const, skills: initialSkills } : null), [initialSkills]);
  const query = trpc.skills.list.useQuery({}, { staleTime: 60_000, ...(seed ? { initialData: seed } : {}) });
  const setSkills = useCallback((d: NonNullable<typeof seed>) => utils.skills.list.setData({}, d), [utils]);
  const data = useServerSeed(query, seed, setSkills);
  const skills = useMemo(() => data?.skills ?? [], [data]);
  const [genre, setGenre] = useState<string | null>(null);
  const [search, setSearch] = useState('');

  const genres = useMemo(() => genreCounts(skills), [skills]);
  const shown = skills.filter(
    (s) => (genre === null || s.genre === genre) && matchesQuery(search, [s.zh_name, s.description, s.slug, s.genre, genreLabel(s.genre)]),
  );

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-xl">
          <p className="text-sm font-medium text-indigo-600">Skills</p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Skills catalogue</h1>
          <p className="mt-2 text-sm text-slate-500">
            Ready-made image recipes. Give one sentence or fill a short form and Studio writes the full prompt; call them from the API
            with <code className="inline-code">skill_slug</code>.
          </p>
        </div>
        {skills.length > 0 && (
          <div className="relative w-full sm:w-64">
            <label htmlFor={searchId} className="sr-only">
              Search skills
            </label>
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
            <input
              id={searchId}
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="Search skills, e.g. 海报"
              autoComplete="off"
              className="block h-10 w-full rounded-lg border-0 bg-white pr-3 pl-9 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-indigo-600 focus:outline-none"
            />
          </div>
        )}
      </header>

      {!data && query.isPending ? (
        <CatalogueSkeleton />
      ) : !data && query.isError ? (
        <ErrorAlert>
          <p>The skills could not be loaded: {query.error.message}</p>
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => void query.refetch()}>
            <RefreshIcon className="size-3.5" />
            Try again
          </Button>
        </ErrorAlert>
      ) : skills.length === 0 ? (
        <EmptyCatalogue />
      ) : (
        <>
          <div role="group" aria-label="Filter by genre" className="flex flex-wrap gap-1.5">
            <GenreChip label="All" count={skills.length} active={genre === null} onClick={() => setGenre(null)} />
            {genres.map((g) => (
              <GenreChip
                key={g.genre}
                label={genreLabel(g.genre)}
                count={g.count}
                active={genre === g.genre}
                onClick={() => setGenre(genre === g.genre ? null : g.genre)}
              />
            ))}
          </div>

          <p className="sr-only" aria-live="polite">
            {shown.length} skill{shown.length === 1 ? '' : 's'} shown
          </p>

          {shown.length === 0 ? (
            <div className="rounded-2xl border-2 border-dashed border-slate-200 px-6 py-12 text-center">
              <p className="text-sm font-medium text-slate-900">No skills match</p>
              <p className="mt-1 text-sm text-slate-500">Try another word, or show every genre.</p>
              <Button
                variant="secondary"
                size="sm"
                className="mt-4"
                onClick={() => {
                  setGenre(null);
                  setSearch('');
                }}
              >
                Show all skills
              </Button>
            </div>
          ) : (
            <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3 xl:grid-cols-4" data-testid="skills-grid">
              {shown.map((s, i) => (
                <li key={s.slug} className="flex">
                  <SkillCard skill={s} eager={i < 8} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

function GenreChip({ label, count, active, onClick }: { label: string; count: number; active: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={cn(
        'inline-flex h-8 items-center gap-1.5 rounded-full px-3 text-sm font-medium ring-1 transition-colors ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
        active ? 'bg-indigo-600 text-white ring-indigo-600' : 'bg-white text-slate-700 ring-slate-200 hover:bg-slate-50 hover:ring-slate-300',
      )}
    >
      {label}
      <span className={cn('text-xs tabular-nums', active ? 'text-indigo-100' : 'text-slate-400')}>{count}</span>
    </button>
  );
}

/**
 * One skill. The whole card opens it in the Playground; the link itself is the name, so its
 * accessible name stays short. Phones get a row (picture beside the text), wider screens a tile.
 */
function SkillCard({ skill, eager }: { skill: Skill; eager: boolean }) {
  const href = `/playground?skill=${encodeURIComponent(skill.slug)}`;
  return (
    <article
      className="group relative flex w-full overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200/80 transition hover:shadow-md hover:ring-slate-300 has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-indigo-600 max-sm:gap-3 max-sm:p-3 sm:flex-col"
      data-testid="skill-card"
    >
      <RecipeThumb
        src={skill.thumb}
        ratio={skill.ratio}
        className="max-sm:size-24 max-sm:self-start max-sm:rounded-xl sm:aspect-[4/3] sm:w-full sm:border-b sm:border-slate-100"
        testId="skill-thumb"
        loading={eager ? 'eager' : 'lazy'}
      />
      <div className="flex min-w-0 flex-1 flex-col sm:p-4">
        <div className="flex items-start justify-between gap-2">
          <h2 className="min-w-0 text-base font-semibold break-words text-slate-900">
            <Link href={href} className="outline-none after:absolute after:inset-0 after:content-['']">
              {skill.zh_name}
            </Link>
          </h2>
          <RatioBadge ratio={skill.ratio} />
        </div>
        <p className="mt-0.5 text-xs text-slate-400">{genreLabel(skill.genre)}</p>
        <p className="mt-1.5 flex-1 text-sm leading-6 break-words text-slate-600 sm:mt-2">{skill.description}</p>
        <div className="mt-2.5 flex flex-wrap items-center gap-1.5 sm:mt-3">
          <InputKindBadge fields={skill.fields} />
          {skill.ref_required && <NeedsImageBadge />}
        </div>
        <p
          aria-hidden="true"
          className="mt-3 hidden items-center gap-1 border-t border-slate-100 pt-3 text-sm font-medium text-indigo-600 group-hover:text-indigo-500 sm:flex"
        >
          Open in Playground
          <ArrowRightIcon className="size-4 transition-transform group-hover:translate-x-0.5" />
        </p>
      </div>
    </article>
  );
}

function CatalogueSkeleton() {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-busy="true" aria-label="Loading skills">
      {Array.from({ length: 8 }, (_, i) => (
        <li key={i} className="overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200/80">
          <div className="aspect-[4/3] animate-pulse bg-slate-100" />
          <div className="space-y-2 p-4">
            <div className="h-4 w-1/2 animate-pulse rounded bg-slate-100" />
            <div className="h-3 w-full animate-pulse rounded bg-slate-100" />
            <div className="h-3 w-4/5 animate-pulse rounded bg-slate-100" />
          </div>
        </li>
      ))}
    </ul>
  );
}

function EmptyCatalogue() {
  return (
    <div className="grid place-items-center rounded-2xl border-2 border-dashed border-slate-200 bg-white/60 px-6 py-16 text-center">
      <span className="grid size-12 place-items-center rounded-xl bg-indigo-50 text-indigo-600 ring-1 ring-indigo-100">
        <SkillsIcon className="size-6" />
      </span>
      <h2 className="mt-4 text-base font-semibold text-slate-900">No skills yet</h2>
      <p className="mt-1 max-w-sm text-sm text-balance text-slate-500">
        Your operator has not published any skills. You can still write your own prompt in the{' '}
        <Link href="/playground" className="font-medium text-indigo-600 hover:text-indigo-500">
          Playground
        </Link>
        .
      </p>
    </div>
  );
}
