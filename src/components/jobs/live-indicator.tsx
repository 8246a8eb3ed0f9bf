import { useTranslations } from 'next-intl';
import { cn } from '@/components/ui/cn';
import type { FeedState } from './job-feed';

/** Whether the page is receiving job events as they happen. */
export function LiveIndicator({ state, className }: { state: FeedState; className?: string }) {
  const t = useTranslations('jobs.live');
  return (
    <span
      className={cn('inline-flex items-center gap-1.5 text-xs font-medium text-slate-500', className)}
      title={t('title')}
    >
      <span aria-hidden="true" className="relative flex size-2">
        {state === 'live' && (
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-400 opacity-60" />
        )}
        <span
          className={cn(
            'relative inline-flex size-2 rounded-full',
            state === 'live' ? 'bg-emerald-500' : state === 'offline' ? 'bg-slate-400' : 'bg-amber-400',
          )}
        />
      </span>
      {t(state === 'idle' ? 'connecting' : state)}
    </span>
  );
}
