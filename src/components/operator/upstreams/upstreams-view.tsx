'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { trpc } from '@/trpc/react';
import { SimulatedBanner } from '@/components/console/simulated-banner';
import { PlusIcon, RefreshIcon, ShieldIcon } from '@/components/icons';
import { ErrorAlert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { EmptyState, ListState } from '@/components/ui/list-state';
import { Spinner } from '@/components/ui/spinner';
import { OperatorHeader } from '@/components/operator/operator-header';
import { UpstreamCards } from './upstream-cards';
import { UPSTREAM_LIST_INPUT } from './upstreams';
import { UpstreamsTable } from './upstreams-table';
import { useUpstreamUpdate } from './use-upstream-update';

const REFRESH_MS = 10_000;
/** The skeleton's rows have no picture in front (a lint-safe name: `lead` usually carries words). */
const SKELETON_LEAD = 'none';

/** The channels Studio routes to, their health, and the operator's switches and ratings. */
export function UpstreamsView() {
  const t = useTranslations('operator.upstreams');
  const channels = useTranslations('operatorUpstreams');
  const list = trpc.admin.upstreamList.useQuery(UPSTREAM_LIST_INPUT, {
    refetchInterval: REFRESH_MS,
    refetchIntervalInBackground: false,
  });
  const { change, busy, failure } = useUpstreamUpdate();
  const rows = list.data?.upstreams ?? [];
  const simulated = rows.some((r) => r.simulated && r.state !== 'retired');
  const active = rows.filter((r) => r.state === 'active').length;
  const sessionLost = list.error?.data?.code === 'UNAUTHORIZED' || list.error?.data?.code === 'FORBIDDEN';

  return (
    <>
      {simulated && <SimulatedBanner audience="operator" />}
      <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:py-10">
        <OperatorHeader
          title={t('title')}
          description={t('description')}
          summary={t('summary', { active, total: rows.length, seconds: REFRESH_MS / 1000 })}
        >
          <Link href="/operator/upstreams/new" className={buttonClasses('primary', 'sm')}>
            <PlusIcon className="size-3.5" />
            {channels('add')}
          </Link>
          <Button variant="secondary" size="sm" onClick={() => void list.refetch()} disabled={list.isFetching}>
            {list.isFetching ? <Spinner className="size-3.5" /> : <RefreshIcon className="size-3.5" />}
            {t('refresh')}
          </Button>
        </OperatorHeader>

        {sessionLost ? (
          <ErrorAlert>
            {t.rich('sessionEnded', {
              link: (chunks) => (
                <Link href="/operator/login" className="font-medium underline">
                  {chunks}
                </Link>
              ),
            })}
          </ErrorAlert>
        ) : (
          list.error && rows.length > 0 && <ErrorAlert>{t('stale', { message: list.error.message })}</ErrorAlert>
        )}
        {failure && <ErrorAlert>{failure}</ErrorAlert>}

        <ListState
          query={list}
          empty={rows.length === 0}
          keepRowsOnError
          loading={<ListSkeleton label={t('loading')} rows={4} lead={SKELETON_LEAD} />}
          placeholder={<EmptyState icon={ShieldIcon} title={t('emptyTitle')} description={t('emptyBody')} />}
        >
          <UpstreamsTable rows={rows} busy={busy} onChange={change} />
          <UpstreamCards rows={rows} busy={busy} onChange={change} />
        </ListState>
      </div>
    </>
  );
}
