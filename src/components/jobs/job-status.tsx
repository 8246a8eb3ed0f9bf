import { useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import type { JobStatus } from './job-model';

const TONE = { pending: 'amber', done: 'emerald', failed: 'rose' } as const;

export function JobStatusBadge({ status }: { status: JobStatus }) {
  const t = useTranslations('jobs.status');
  return (
    <Badge tone={TONE[status]} className="gap-1" data-status={status}>
      {status === 'pending' ? (
        <Spinner className="size-3" />
      ) : (
        <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      )}
      {t(status)}
    </Badge>
  );
}
