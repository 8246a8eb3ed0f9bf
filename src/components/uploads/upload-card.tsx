import { ErrorAlert } from '../ui/alert';
import { Badge } from '../ui/badge';
import { Card, CardBody } from '../ui/card';
import { CopyButton } from '../ui/copy-button';
import { Spinner } from '../ui/spinner';
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

const REASONS: Record<string, string> = {
  not_configured: 'through Studio (no bucket configured)',
  not_cn: 'through Studio (direct upload is not offered in your region)',
  too_small: 'through Studio (small file)',
  presign_failed: 'through Studio (storage unreachable for direct upload)',
  no_extension: 'through Studio (type read from the bytes)',
  direct_failed: 'through Studio (the direct upload failed, retried)',
};

const mediaTone = { image: 'indigo', audio: 'amber', video: 'sky' } as const;

export function UploadCard({ item }: { item: UploadItem }) {
  const percent = Math.round(item.progress * 100);
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
            <Badge tone="rose">Failed</Badge>
          ) : (
            <Spinner className="size-4 text-indigo-600" />
          )}
        </div>
        {item.state === 'uploading' && (
          <div>
            <div
              role="progressbar"
              aria-label={`Uploading ${item.name}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-2 overflow-hidden rounded-full bg-slate-100"
            >
              <div className="h-full rounded-full bg-indigo-600 transition-[width]" style={{ width: `${percent}%` }} />
            </div>
            <p className="mt-1 text-xs text-slate-500">
              {percent}% {item.route === 'direct' ? '· direct to storage' : item.route === 'proxy' ? '· through Studio' : ''}
            </p>
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
              <CopyButton value={item.result.url} label={`URL of ${item.name}`} />
            </div>
            <p className="text-xs text-slate-500">
              Detected {item.result.media_type} · {item.result.mime} · uploaded{' '}
              {item.route === 'direct' ? 'directly to storage' : (REASONS[item.reason ?? ''] ?? 'through Studio')}
            </p>
          </>
        )}
      </CardBody>
    </Card>
  );
}
