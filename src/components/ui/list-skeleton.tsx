import { useTranslations } from 'next-intl';
import { Card } from './card';

export interface ListSkeletonProps {
  /** What is loading, in the page's language, for screen readers: "Loading {label}…". */
  label: string;
  rows?: number;
  /** The placeholder before the text lines: a thumbnail, an avatar, or nothing. */
  lead?: 'thumb' | 'avatar' | 'none';
}

/** Grey placeholder rows shown while a list loads. */
export function ListSkeleton({ label, rows = 3, lead = 'thumb' }: ListSkeletonProps) {
  const t = useTranslations('ui');
  return (
    <Card className="divide-y divide-slate-100" aria-busy="true">
      <span className="sr-only">{t('loading', { label })}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center gap-4 px-5 py-4">
          {lead === 'thumb' && <div className="size-12 animate-pulse rounded-md bg-slate-100" />}
          {lead === 'avatar' && <div className="size-10 animate-pulse rounded-full bg-slate-100" />}
          <div className="flex-1 space-y-2">
            <div className="h-3 w-1/2 animate-pulse rounded bg-slate-100" />
            <div className="h-3 w-1/3 animate-pulse rounded bg-slate-100" />
          </div>
        </div>
      ))}
    </Card>
  );
}
