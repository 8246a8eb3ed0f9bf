'use client';

import Link from 'next/link';
import { trpc } from '@/trpc/react';
import { SimulatedBanner } from '../console/simulated-banner';
import { RefreshIcon, ShieldIcon } from '../icons';
import { ErrorAlert } from '../ui/alert';
import { Button } from '../ui/button';
import { ListSkeleton } from '../ui/list-skeleton';
import { EmptyState, ListState } from '../ui/list-state';
import { Spinner } from '../ui/spinner';
import { OperatorHeader } from './operator-header';
import { UpstreamCards } from './upstream-cards';
import { UPSTREAM_LIST_INPUT } from './upstreams';
import { UpstreamsTable } from './upstreams-table';
import { useUpstreamUpdate } from './use-upstream-update';

const REFRESH_MS = 10_000;

/** The channels Studio routes to, their health, and the operator's switches and ratings. */
export function UpstreamsView() {
  const list = trpc.admin.upstreamList.useQuery(UPSTREAM_LIST_INPUT, { refetchInterval: REFRESH_MS, refetchIntervalInBackground: false });
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
          title="Upstreams"
          description="The channels Studio routes generation requests to, with their health over the last 24 hours. Routing prefers higher scores; disabled channels get no traffic."
          summary={`${active} of ${rows.length} active · refreshes every 10 s`}
        >
          <Button variant="secondary" size="sm" onClick={() => void list.refetch()} disabled={list.isFetching}>
            {list.isFetching ? <Spinner className="size-3.5" /> : <RefreshIcon className="size-3.5" />}
            Refresh
          </Button>
        </OperatorHeader>

        {sessionLost ? (
          <ErrorAlert>
            Your operator session has ended.{' '}
            <Link href="/operator/login" className="font-medium underline">
              Sign in again
            </Link>
          </ErrorAlert>
        ) : (
          list.error && rows.length > 0 && <ErrorAlert>Showing the last known figures: {list.error.message}</ErrorAlert>
        )}
        {failure && <ErrorAlert>{failure}</ErrorAlert>}

        <ListState
          query={list}
          empty={rows.length === 0}
          keepRowsOnError
          loading={<ListSkeleton label="upstreams" rows={4} lead="none" />}
          placeholder={<EmptyState icon={ShieldIcon} title="No upstreams" description="Studio has no channels to route requests to." />}
        >
          <UpstreamsTable rows={rows} busy={busy} onChange={change} />
          <UpstreamCards rows={rows} busy={busy} onChange={change} />
        </ListState>
      </div>
    </>
  );
}
