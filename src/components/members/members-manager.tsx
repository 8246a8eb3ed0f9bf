'use client';

import { useCallback, useId, useMemo, useState } from 'react';
import { trpc } from '@/trpc/react';
import { MembersIcon } from '../icons';
import { ErrorAlert } from '../ui/alert';
import { Button, buttonClasses } from '../ui/button';
import { Card } from '../ui/card';
import { Input } from '../ui/input';
import { Label } from '../ui/label';
import { matchesQuery } from '../fields/recipe-search';
import { useServerSeed } from '../fields/use-server-seed';
import { CreateMember } from './create-member';
import { MemberRow } from './member-row';
import type { Member, Pool } from './model';
import { PoolSummary } from './pool-summary';
import { ListSkeleton } from '../ui/list-skeleton';

type AccountsAnswer = { ok: true; accounts: Member[] };

/** A search box appears once the list is longer than this. */
const SEARCH_FROM = 6;

interface MembersManagerProps {
  initialPool: Pool | null;
  initialAccounts: Member[] | null;
}

/** The tenant's member accounts and credit pool: add members, set their quota, rekey, disable. */
export function MembersManager({ initialPool, initialAccounts }: MembersManagerProps) {
  const searchId = useId();
  const utils = trpc.useUtils();
  const [query, setQuery] = useState('');
  const [fresh, setFresh] = useState<string | null>(null);

  const poolQuery = trpc.balance.pool.useQuery({}, { ...(initialPool ? { initialData: initialPool } : {}) });
  const writePool = useCallback((d: Pool) => utils.balance.pool.setData({}, d), [utils]);
  const pool = useServerSeed(poolQuery, initialPool, writePool);

  const accountsSeed = useMemo<AccountsAnswer | null>(() => (initialAccounts ? { ok: true, accounts: initialAccounts } : null), [initialAccounts]);
  const accountsQuery = trpc.accounts.list.useQuery({}, { ...(accountsSeed ? { initialData: accountsSeed } : {}) });
  const writeAccounts = useCallback((d: AccountsAnswer) => utils.accounts.list.setData({}, d), [utils]);
  const accounts = useServerSeed(accountsQuery, accountsSeed, writeAccounts)?.accounts;

  // Newest first, so a member just added is at the top.
  const members = useMemo(() => [...(accounts ?? [])].reverse(), [accounts]);
  const shown = members.filter((m) => matchesQuery(query, [m.nickname, m.email]));

  const refresh = useCallback(async () => {
    await Promise.all([utils.accounts.list.invalidate(), utils.balance.pool.invalidate(), utils.session.me.invalidate()]);
  }, [utils]);

  const counts = {
    total: members.length,
    dedicated: members.filter((m) => m.mode === 'dedicated').length,
    disabled: members.filter((m) => m.disabled).length,
  };

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm font-medium text-indigo-600">Members</p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Members</h1>
          <p className="mt-2 max-w-2xl text-sm text-slate-500">
            Give each person or app a key of its own. Shared-pool members spend the tenant’s credits; dedicated members get credits set aside for them.
          </p>
        </div>
        <a href="#add-member" className={buttonClasses('secondary', 'md', 'lg:hidden')}>
          Add a member
        </a>
      </header>

      <PoolSummary pool={pool} error={poolQuery.error?.message ?? null} onRetry={() => void poolQuery.refetch()} />

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <section aria-labelledby="members-title" className="min-w-0 space-y-3">
          <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
            <div className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5">
              <h2 id="members-title" className="text-base font-semibold whitespace-nowrap text-slate-900">
                Member accounts
              </h2>
              {accounts && (
                <span className="text-xs text-slate-500 tabular-nums" data-testid="member-count">
                  {counts.total === 1 ? '1 member' : `${counts.total} members`}
                  {counts.dedicated > 0 && ` · ${counts.dedicated} dedicated`}
                  {counts.disabled > 0 && ` · ${counts.disabled} disabled`}
                </span>
              )}
            </div>
            {members.length > SEARCH_FROM && (
              <div className="w-full sm:w-60">
                <Label htmlFor={searchId} className="sr-only">
                  Search members
                </Label>
                <Input id={searchId} type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Search nickname or email" />
              </div>
            )}
          </div>

          {accountsQuery.isError && !accounts ? (
            <ErrorAlert>
              {accountsQuery.error.message}{' '}
              <button type="button" className="font-medium underline" onClick={() => void accountsQuery.refetch()}>
                Try again
              </button>
            </ErrorAlert>
          ) : !accounts ? (
            <ListSkeleton label="members" lead="avatar" />
          ) : members.length === 0 ? (
            <EmptyMembers />
          ) : shown.length === 0 ? (
            <Card className="px-6 py-10 text-center">
              <p className="text-sm font-semibold break-words text-slate-900">No member matches “{query.trim()}”</p>
              <Button variant="secondary" size="sm" className="mt-4" onClick={() => setQuery('')}>
                Clear search
              </Button>
            </Card>
          ) : (
            <Card className="overflow-hidden">
              <ul className="divide-y divide-slate-100" aria-labelledby="members-title" data-testid="members-list">
                {shown.map((m) => (
                  <li key={m.account_id}>
                    <MemberRow member={m} allocatable={pool?.allocatable} onChanged={refresh} highlight={m.account_id === fresh} />
                  </li>
                ))}
              </ul>
            </Card>
          )}
        </section>

        <aside id="add-member" className="min-w-0 scroll-mt-20 lg:sticky lg:top-6" aria-label="Add a member">
          <CreateMember allocatable={pool?.allocatable} onChanged={refresh} onCreated={setFresh} />
        </aside>
      </div>
    </div>
  );
}


function EmptyMembers() {
  return (
    <Card className="px-6 py-12 text-center" data-testid="members-empty">
      <span className="mx-auto grid size-12 place-items-center rounded-xl bg-indigo-50 text-indigo-600 ring-1 ring-indigo-100">
        <MembersIcon className="size-6" />
      </span>
      <h3 className="mt-4 text-base font-semibold text-slate-900">No members yet</h3>
      <p className="mx-auto mt-1 max-w-sm text-sm text-balance text-slate-500">
        Add a member for each colleague or app that should call Studio with a key of its own. You can disable or rekey a member at any time.
      </p>
    </Card>
  );
}
