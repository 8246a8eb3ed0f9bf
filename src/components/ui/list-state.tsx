import { useTranslations } from 'next-intl';
import type { ComponentType, HTMLAttributes, ReactNode, SVGProps } from 'react';
import { failureKind } from '@/components/console/error-text';
import { useErrorText } from '@/components/console/use-error-text';
import { ErrorAlert } from './alert';
import { Card } from './card';
import { cn } from './cn';

/** A failed read with a way to try again; a call's failure is worded by its reason (src/components/console/error-text.ts). */
export function QueryError({ error, onRetry }: { error: { message: string }; onRetry: () => unknown }) {
  const t = useTranslations('ui');
  const text = useErrorText();
  return (
    <ErrorAlert>
      {failureKind(error) ? text(error) : error.message}{' '}
      <button type="button" className="font-medium underline" onClick={() => void onRetry()}>
        {t('retry')}
      </button>
    </ErrorAlert>
  );
}

interface EmptyStateProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** The heading's level in the page outline (default 3, under the page's section heading). */
  level?: 2 | 3;
  title: ReactNode;
  /** One or two sentences on what will appear here and how to get there. */
  description?: ReactNode;
  /** A button or link under the text. */
  action?: ReactNode;
}

/** What an empty list says instead of rows: an icon, a heading, a sentence and perhaps one action. */
export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
  level = 3,
  className,
  ...props
}: EmptyStateProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <Card className={cn('px-6 py-12 text-center', className)} {...props}>
      <span className="mx-auto grid size-12 place-items-center rounded-xl bg-indigo-50 text-indigo-600 ring-1 ring-indigo-100">
        <Icon className="size-6" />
      </span>
      <Heading className="mt-4 text-base font-semibold text-slate-900">{title}</Heading>
      {description && <p className="mx-auto mt-1 max-w-sm text-sm text-balance text-slate-500">{description}</p>}
      {action && <div className="mt-4 flex justify-center">{action}</div>}
    </Card>
  );
}

interface ListStateProps {
  /** The query behind the list (a tRPC or TanStack query result). */
  query: { isError: boolean; isPending: boolean; error: { message: string } | null; refetch: () => unknown };
  /** True when the loaded list has no rows. */
  empty: boolean;
  /** Shown while the first page loads (usually a ListSkeleton). */
  loading: ReactNode;
  /** Shown when the list is empty (usually an EmptyState). */
  placeholder: ReactNode;
  /** The rows. */
  children: ReactNode;
  /** Keep showing rows already loaded when a later refresh fails (the error is then not shown here). */
  keepRowsOnError?: boolean;
}

/** The four states of a list in one place: failed, loading, empty, or its rows. */
export function ListState({ query, empty, loading, placeholder, children, keepRowsOnError = false }: ListStateProps) {
  if (query.isError && query.error && !(keepRowsOnError && !empty))
    return <QueryError error={query.error} onRetry={query.refetch} />;
  if (query.isPending) return <>{loading}</>;
  if (empty) return <>{placeholder}</>;
  return <>{children}</>;
}
