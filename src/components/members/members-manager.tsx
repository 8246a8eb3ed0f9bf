'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useId, useMemo, useState } from 'react';
import { trpc } from '@/trpc/react';
import { MembersIcon } from '@/components/icons';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { EmptyState, ListState, QueryError } from '@/components/ui/list-state';
import { PageHeader } from '@/components/console/page-header';
import { matchesQuery } from '@/components/fields/recipe-search';
import { CreateMember } from './create-member';
import { MemberRow } from './member-row';
import type { Member } from './model';
import { PoolSummary } from './pool-summary';

/** A search box appears once the list is longer than this. */
const SEARCH_FROM = 6;

/** The loading rows start with a round avatar (a shape: `lead` is no text here). */
const SKELETON_LEAD = 'avatar';

/** The tenant's member accounts and credit pool: add members, set their quota, rekey, disable. */
export function MembersManager() {
  const utils = trpc.useUtils();
  const [fresh, setFresh] = useState<string | null>(null);
  const poolQuery = trpc.balance.pool.useQuery({});
  const pool = poolQuery.data;
  const t = useTranslations('members');

  const refresh = useCallback(async () => {
    await Promise.all([
      utils.members.list.invalidate(),
      utils.balance.pool.invalidate(),
      utils.session.me.invalidate(),
    ]);
  }, [utils]);

  return (
    <div className="space-y-6">
      <PageHeader
        eyebrow={t('eyebrow')}
        title={t('title')}
        description={t('description')}
        action={
          <a href="#add-member" className={buttonClasses('secondary', 'md', 'lg:hidden')}>
            {t('create.title')}
          </a>
        }
      />

      {poolQuery.isError && !pool ? (
        <QueryError error={poolQuery.error} onRetry={poolQuery.refetch} />
      ) : (
        <PoolSummary pool={pool} />
      )}

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <MembersSection allocatable={pool?.allocatable} onChanged={refresh} fresh={fresh} />

        <aside id="add-member" className="min-w-0 scroll-mt-20 lg:sticky lg:top-6" aria-label={t('create.title')}>
          <CreateMember allocatable={pool?.allocatable} onChanged={refresh} onCreated={setFresh} />
        </aside>
      </div>
    </div>
  );
}

interface MembersSectionProps {
  allocatable: number | undefined;
  onChanged: () => Promise<void>;
  /** The member just added, marked as new. */
  fresh: string | null;
}

/** The members, newest first, with their counts and, once there are many, a search. */
function MembersSection({ allocatable, onChanged, fresh }: MembersSectionProps) {
  const query = trpc.members.list.useQuery({});
  const keys = trpc.keys.list.useQuery({});
  const [search, setSearch] = useState('');
  const accounts = query.data?.accounts;
  // Newest first, so a member just added is at the top.
  const members = useMemo(() => [...(accounts ?? [])].reverse(), [accounts]);
  const shown = members.filter((m) => matchesQuery(search, [m.nickname, m.email]));
  const t = useTranslations('members.list');

  return (
    <section aria-labelledby="members-title" className="min-w-0 space-y-3">
      <MembersHeading members={accounts ? members : undefined} search={search} onSearch={setSearch} />

      <ListState
        query={query}
        empty={members.length === 0}
        keepRowsOnError
        loading={<ListSkeleton label={t('loading')} lead={SKELETON_LEAD} />}
        placeholder={
          <EmptyState
            icon={MembersIcon}
            title={t('emptyTitle')}
            description={t('emptyDescription')}
            data-testid="members-empty"
          />
        }
      >
        {shown.length === 0 ? (
          <Card className="px-6 py-10 text-center">
            <p className="text-sm font-semibold break-words text-slate-900">
              {t('noMatch', { search: search.trim() })}
            </p>
            <Button variant="secondary" size="sm" className="mt-4" onClick={() => setSearch('')}>
              {t('clearSearch')}
            </Button>
          </Card>
        ) : (
          <Card className="overflow-hidden">
            <ul className="divide-y divide-slate-100" aria-labelledby="members-title" data-testid="members-list">
              {shown.map((m) => (
                <li key={m.account_id}>
                  <MemberRow
                    member={m}
                    allocatable={allocatable}
                    onChanged={onChanged}
                    highlight={m.account_id === fresh}
                    namedKeys={keys.data?.keys.filter((k) => !k.primary && k.account_id === m.account_id).length}
                  />
                </li>
              ))}
            </ul>
          </Card>
        )}
      </ListState>
    </section>
  );
}

interface MembersHeadingProps {
  /** The members once loaded. */
  members: Member[] | undefined;
  search: string;
  onSearch: (text: string) => void;
}

/** The section's title with the members' counts and, once there are many, a search. */
function MembersHeading({ members, search, onSearch }: MembersHeadingProps) {
  const searchId = useId();
  const t = useTranslations('members.list');
  return (
    <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5">
        <h2 id="members-title" className="text-base font-semibold whitespace-nowrap text-slate-900">
          {t('title')}
        </h2>
        {members && <MemberCount members={members} />}
      </div>
      {members && members.length > SEARCH_FROM && (
        <div className="w-full sm:w-60">
          <Label htmlFor={searchId} className="sr-only">
            {t('search')}
          </Label>
          <Input
            id={searchId}
            type="search"
            value={search}
            onChange={(e) => onSearch(e.target.value)}
            placeholder={t('searchPlaceholder')}
          />
        </div>
      )}
    </div>
  );
}

function MemberCount({ members }: { members: Member[] }) {
  const dedicated = members.filter((m) => m.mode === 'dedicated').length;
  const disabled = members.filter((m) => m.disabled).length;
  const t = useTranslations('members.list');
  return (
    <span className="text-xs text-slate-500 tabular-nums" data-testid="member-count">
      {[
        t('count', { count: members.length }),
        dedicated > 0 && t('countDedicated', { count: dedicated }),
        disabled > 0 && t('countDisabled', { count: disabled }),
      ]
        .filter(Boolean)
        .join(' · ')}
    </span>
  );
}
