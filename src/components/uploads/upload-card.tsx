import { useTranslations } from 'next-intl';
import { ErrorAlert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card, CardBody } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { Spinner } from '@/components/ui/spinner';
import type { Route, UploadResult } from './upload-client';
import { formatBytes, UploadPreview } from './upload-preview';

/** One file sent in this visit: its progress, then what Studio made of it, or why it was refused. */
export interface UploadItem {
  id: number;
  name: string;
  size: number;
  progress: number;
  route: Route | null;
  state: 'uploading' | 'done' | 'failed';
  result?: UploadResult;
  reason?: string | null;
  error?: string;
}

/** The proxy reasons with words of their own (`uploads.card.routes`); any other reads "through Studio". */
const REASONS = ['not_configured', 'not_cn', 'too_small', 'presign_failed', 'no_extension', 'direct_failed'] as const;
type Reason = (typeof REASONS)[number];
const isReason = (r: string | null | undefined): r is Reason =>
  (REASONS as readonly (string | null | undefined)[]).includes(r);

const mediaTone = { image: 'indigo', audio: 'amber', video: 'sky' } as const;

export function UploadCard({ item }: { item: UploadItem }) {
  const t = useTranslations('uploads.card');
  const percent = Math.round(item.progress * 100);
  const route = item.route === 'direct' ? 'direct' : isReason(item.reason) ? item.reason : 'proxy';
  return (
    <Card className="overflow-hidden" data-testid="upload-item">
      <CardBody className="space-y-3">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="truncate text-sm font-medium text-slate-900" title={item.name}>
              {item.name}
            </p>
            <p className="text-xs text-slate-500">{formatBytes(item.size)}</p>
          </div>
          {item.state === 'done' && item.result ? (
            <Badge tone={mediaTone[item.result.media_type]}>{item.result.mime}</Badge>
          ) : item.state === 'failed' ? (
            <Badge tone="rose">{t('failed')}</Badge>
          ) : (
            <Spinner className="size-4 text-indigo-600" />
          )}
        </div>
        {item.state === 'uploading' && (
          <div>
            <div
              role="progressbar"
              aria-label={t('uploading', { name: item.name })}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-2 overflow-hidden rounded-full bg-slate-100"
            >
              <div className="h-full rounded-full bg-indigo-600 transition-[width]" style={{ width: `${percent}%` }} />
            </div>
            <p className="mt-1 text-xs text-slate-500">{t('progress', { percent, route: item.route ?? 'unknown' })}</p>
          </div>
        )}
        {item.state === 'failed' && <ErrorAlert>{item.error}</ErrorAlert>}
        {item.state === 'done' && item.result && (
          <>
            <UploadPreview file={item.result} name={item.name} />
            <div className="flex items-center gap-2 rounded-lg bg-slate-50 px-2.5 py-1.5 ring-1 ring-inset ring-slate-200">
              <code className="min-w-0 flex-1 truncate text-xs text-slate-600" title={item.result.url}>
                {item.result.url}
              </code>
              <CopyButton value={item.result.url} label={t('url', { name: item.name })} />
            </div>
            <p className="text-xs text-slate-500">
              {t('detected', { media: item.result.media_type, mime: item.result.mime, route: t(`routes.${route}`) })}
            </p>
          </>
        )}
      </CardBody>
    </Card>
  );
}
