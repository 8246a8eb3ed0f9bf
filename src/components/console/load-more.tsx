import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

interface LoadMoreProps {
  /** The paged query behind the list (an infinite query). */
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  /** Said once every page is shown. */
  end: ReactNode;
}

/** The foot of a paged list: "Load more" while there is more, else how many rows there are. */
export function LoadMore({ query, end }: LoadMoreProps) {
  const t = useTranslations('consoleForms');
  return (
    <div className="flex flex-col items-center gap-2">
      {query.hasNextPage ? (
        <Button variant="secondary" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {query.isFetchingNextPage ? (
            <>
              <Spinner /> {t('loading')}
            </>
          ) : (
            t('loadMore')
          )}
        </Button>
      ) : (
        <p className="text-xs text-slate-500">{end}</p>
      )}
    </div>
  );
}
