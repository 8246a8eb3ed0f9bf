'use client';

import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { trpc, type RouterOutputs } from '@/trpc/react';
import { ArrowRightIcon, SearchIcon, SkillsIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { EmptyState, ListState } from '@/components/ui/list-state';
import { PageHeader } from '@/components/console/page-header';
import { matchesQuery } from '@/components/fields/recipe-search';
import { SearchBox } from '@/components/ui/search-box';
import { RecipeThumb } from '@/components/fields/recipe-thumb';
import { genreCounts, genreLabel } from './genres';
import { SKILLS_INPUT } from './reads';
import { InputKindBadge, NeedsImageBadge, RatioBadge } from './skill-badges';
import { useErrorText } from '@/components/console/use-error-text';

export type Skill = RouterOutputs['skills']['list']['skills'][number];

/** The catalogue of skills: genre chips and a search over a grid of cards, each opening the skill in the Playground. */
export function SkillsCatalogue() {
  const t = useTranslations('skills');
  const errorText = useErrorText();
  const tGenre = useTranslations('skills.genres');
  const query = trpc.skills.list.useQuery(SKILLS_INPUT, { staleTime: 60_000 });
  const skills = useMemo(() => query.data?.skills ?? [], [query.data]);
  const [genre, setGenre] = useState<string | null>(null);
  const [search, setSearch] = useState('');

  const genres = useMemo(() => genreCounts(skills), [skills]);
  const shown = skills.filter(
    (s) =>
      (genre === null || s.genre === genre) &&
      matchesQuery(search, [s.zh_name, s.description, s.slug, s.genre, genreLabel(s.genre, tGenre)]),
  );

  return (
    <div className="space-y-6">
      <PageHeader
        eyebrow={t('eyebrow')}
        title={t('title')}
        description={t.rich('description', { code: (chunks) => <code className="inline-code">{chunks}</code> })}
        action={
          skills.length > 0 && (
            <SearchBox
              label={t('searchLabel')}
              value={search}
              onChange={setSearch}
              placeholder={t('searchPlaceholder')}
              className="w-full sm:w-64"
            />
          )
        }
      />

      <ListState
        query={{
          ...query,
          error: query.error ? { message: t('loadFailed', { message: errorText(query.error) }) } : null,
        }}
        empty={skills.length === 0}
        keepRowsOnError
        loading={<ListSkeleton label={t('loading')} rows={4} />}
        placeholder={
          <EmptyState
            icon={SkillsIcon}
            title={t('emptyTitle')}
            description={t.rich('emptyBody', {
              link: (chunks) => (
                <Link href="/playground" className="font-medium text-indigo-600 hover:text-indigo-500">
                  {chunks}
                </Link>
              ),
            })}
          />
        }
      >
        <div role="group" aria-label={t('genreFilter')} className="flex flex-wrap gap-1.5">
          <GenreChip label={t('all')} count={skills.length} active={genre === null} onClick={() => setGenre(null)} />
          {genres.map((g) => (
            <GenreChip
              key={g.genre}
              label={genreLabel(g.genre, tGenre)}
              count={g.count}
              active={genre === g.genre}
              onClick={() => setGenre(genre === g.genre ? null : g.genre)}
            />
          ))}
        </div>

        <p className="sr-only" aria-live="polite">
          {t('shown', { count: shown.length })}
        </p>

        {shown.length === 0 ? (
          <EmptyState
            icon={SearchIcon}
            title={t('noMatchTitle')}
            description={t('noMatchBody')}
            action={
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  setGenre(null);
                  setSearch('');
                }}
              >
                {t('showAll')}
              </Button>
            }
          />
        ) : (
          <ul
            className="grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3 xl:grid-cols-4"
            data-testid="skills-grid"
          >
            {shown.map((s, i) => (
              <li key={s.slug} className="flex">
                <SkillCard skill={s} eager={i < 8} />
              </li>
            ))}
          </ul>
        )}
      </ListState>
    </div>
  );
}

function GenreChip({
  label,
  count,
  active,
  onClick,
}: {
  label: string;
  count: number;
  active: boolean;
  onClick: () => void;
}) {
  const format = useFormatter();
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={cn(
        'inline-flex h-8 items-center gap-1.5 rounded-full px-3 text-sm font-medium ring-1 transition-colors ' +
          'ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
        active
          ? 'bg-indigo-600 text-white ring-indigo-600'
          : 'bg-white text-slate-700 ring-slate-200 hover:bg-slate-50 hover:ring-slate-300',
      )}
    >
      {label}
      <span className={cn('text-xs tabular-nums', active ? 'text-indigo-100' : 'text-slate-500')}>
        {format.number(count)}
      </span>
    </button>
  );
}

/**
 * One skill. The whole card opens it in the Playground; the link itself is the name, so its
 * accessible name stays short. Phones get a row (picture beside the text), wider screens a tile.
 */
function SkillCard({ skill, eager }: { skill: Skill; eager: boolean }) {
  const t = useTranslations('skills');
  const tGenre = useTranslations('skills.genres');
  const href = `/playground?skill=${encodeURIComponent(skill.slug)}`;
  return (
    <article
      className={
        'group relative flex w-full overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200/80 ' +
        'transition hover:shadow-md hover:ring-slate-300 has-[a:focus-visible]:outline-2 ' +
        'has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-indigo-600 max-sm:gap-3 ' +
        'max-sm:p-3 sm:flex-col'
      }
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
        <p className="mt-0.5 text-xs text-slate-500">{genreLabel(skill.genre, tGenre)}</p>
        <p className="mt-1.5 flex-1 text-sm leading-6 break-words text-slate-600 sm:mt-2">{skill.description}</p>
        <div className="mt-2.5 flex flex-wrap items-center gap-1.5 sm:mt-3">
          <InputKindBadge fields={skill.fields} />
          {skill.ref_required && <NeedsImageBadge />}
        </div>
        <p
          aria-hidden="true"
          className="mt-3 hidden items-center gap-1 border-t border-slate-100 pt-3 text-sm font-medium text-indigo-600 group-hover:text-indigo-500 sm:flex"
        >
          {t('open')}
          <ArrowRightIcon className="size-4 transition-transform group-hover:translate-x-0.5" />
        </p>
      </div>
    </article>
  );
}
