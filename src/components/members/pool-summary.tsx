import { CoinsIcon } from '../icons';
import { ErrorAlert } from '../ui/alert';
import { Card } from '../ui/card';
import { cn } from '../ui/cn';
import { formatNumber, type Pool } from './model';

interface PoolSummaryProps {
  pool: Pool | undefined;
  error: string | null;
  onRetry: () => void;
}

/** The tenant's credits: what is free to give, what dedicated members hold, and the two together. */
export function PoolSummary({ pool, error, onRetry }: PoolSummaryProps) {
  if (error && !pool) {
    return (
      <ErrorAlert>
        {error}{' '}
        <button type="button" className="font-medium underline" onClick={onRetry}>
          Try again
        </button>
      </ErrorAlert>
    );
  }
  const share = pool && pool.total > 0 ? Math.round((pool.allocatable / pool.total) * 1000) / 10 : 100;
  const figure = (n: number | undefined) => (n === undefined ? '—' : formatNumber(n));
  const dedicated = pool?.members_dedicated ?? 0;

  return (
    <Card className="overflow-hidden" aria-busy={pool ? undefined : true}>
      <section aria-labelledby="pool-title" className="p-5 sm:p-6">
        <div className="flex items-center gap-2 text-sm font-medium text-slate-500">
          <CoinsIcon className="size-4 text-indigo-500" />
          <h2 id="pool-title">Credit pool</h2>
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-5 sm:grid-cols-3 sm:gap-0 sm:divide-x sm:divide-slate-100">
          <div className="col-span-2 min-w-0 sm:col-span-1 sm:pr-6">
            <dt className="flex items-center gap-2 text-sm text-slate-500">
              <span aria-hidden="true" className="size-2.5 rounded-full bg-indigo-500" />
              Allocatable
            </dt>
            <dd className="mt-1 text-3xl font-semibold tracking-tight [overflow-wrap:anywhere] text-slate-900 tabular-nums" data-testid="pool-allocatable">
              {figure(pool?.allocatable)}
            </dd>
            <dd className="mt-1 text-xs leading-5 text-slate-500">Free to give; spent by the tenant key and shared-pool members.</dd>
          </div>
          <div className="min-w-0 sm:px-6">
            <dt className="flex items-center gap-2 text-sm text-slate-500">
              <span aria-hidden="true" className="size-2.5 rounded-full bg-amber-400" />
              Reserved
            </dt>
            <dd className="mt-1 text-2xl font-semibold tracking-tight [overflow-wrap:anywhere] text-slate-900 tabular-nums sm:text-3xl" data-testid="pool-reserved">
              {figure(pool?.reserved)}
            </dd>
            <dd className="mt-1 text-xs leading-5 text-slate-500">
              {pool ? `For ${dedicated} dedicated member${dedicated === 1 ? '' : 's'}.` : 'For dedicated members.'}
            </dd>
          </div>
          <div className="min-w-0 sm:pl-6">
            <dt className="text-sm text-slate-500">Total pool</dt>
            <dd className="mt-1 text-2xl font-semibold tracking-tight [overflow-wrap:anywhere] text-slate-900 tabular-nums sm:text-3xl" data-testid="pool-total">
              {figure(pool?.total)}
            </dd>
            <dd className="mt-1 text-xs leading-5 text-slate-500">Allocatable + reserved.</dd>
          </div>
        </dl>
      </section>
      <div
        className={cn('flex h-2', !pool ? 'animate-pulse bg-slate-100' : pool.total === 0 ? 'bg-slate-100' : 'bg-amber-400')}
        role="img"
        aria-label={pool ? `${share}% of the pool is allocatable` : 'Loading the pool'}
      >
        <div className="h-full bg-indigo-500 transition-[width] duration-500" style={{ width: `${pool && pool.total > 0 ? share : 0}%` }} />
      </div>
    </Card>
  );
}
