'use client';

import { useCallback, useId, useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { trpc } from '@/trpc/react';
import { ErrorAlert } from '../ui/alert';
import { Badge } from '../ui/badge';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { cn } from '../ui/cn';
import { CopyButton } from '../ui/copy-button';
import { Input } from '../ui/input';
import { Label } from '../ui/label';
import { Spinner } from '../ui/spinner';
import { browserTransport, uploadFile, type Route, type UploadResult } from './upload-client';

const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,audio/mpeg,audio/wav,audio/x-wav,audio/mp4,audio/x-m4a,audio/flac,audio/ogg,video/mp4,video/quicktime,video/webm';
const LIMITS = [
  ['Images', 'PNG, JPG, WebP, GIF', '8 MB'],
  ['Audio', 'MP3, WAV, M4A, FLAC, OGG', '20 MB'],
  ['Video', 'MP4, MOV, WebM', '50 MB'],
] as const;

const REASONS: Record<string, string> = {
  not_configured: 'through Studio (no bucket configured)',
  not_cn: 'through Studio (direct upload is not offered in your region)',
  too_small: 'through Studio (small file)',
  presign_failed: 'through Studio (storage unreachable for direct upload)',
  no_extension: 'through Studio (type read from the bytes)',
  direct_failed: 'through Studio (the direct upload failed, retried)',
};

interface Item {
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

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

function Preview({ file, name }: { file: Pick<UploadResult, 'url' | 'media_type' | 'mime'>; name: string }) {
  if (file.media_type === 'image') {
    return <img src={file.url} alt={`Preview of ${name}`} className="h-40 w-full rounded-lg bg-slate-100 object-contain" />;
  }
  if (file.media_type === 'audio') {
    return <audio controls preload="metadata" src={file.url} className="w-full" aria-label={`Play ${name}`} />;
  }
  return <video controls preload="metadata" src={file.url} className="h-40 w-full rounded-lg bg-slate-900" aria-label={`Play ${name}`} />;
}

const mediaTone = { image: 'indigo', audio: 'amber', video: 'sky' } as const;

export function UploadsView() {
  const inputId = useId();
  const workspaceId = useId();
  const utils = trpc.useUtils();
  const presign = trpc.uploads.presign.useMutation();
  const commit = trpc.uploads.commit.useMutation();
  const recent = trpc.uploads.list.useQuery({ limit: 24 });
  const [items, setItems] = useState<Item[]>([]);
  const [dragging, setDragging] = useState(false);
  const [workspace, setWorkspace] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const seq = useRef(0);

  const transport = useMemo(
    () =>
      browserTransport({
        presign: (body) => presign.mutateAsync(body),
        commit: (key) => commit.mutateAsync({ key }),
      }),
    [presign.mutateAsync, commit.mutateAsync],
  );

  const update = (id: number, patch: Partial<Item>) => setItems((all) => all.map((i) => (i.id === id ? { ...i, ...patch } : i)));

  const start = useCallback(
    (files: FileList | File[]) => {
      for (const file of Array.from(files)) {
        const id = ++seq.current;
        setItems((all) => [{ id, name: file.name, size: file.size, progress: 0, route: null, state: 'uploading' }, ...all]);
        uploadFile(transport, file, {
          workspaceId: workspace.trim() || undefined,
          onProgress: (progress, route) => update(id, { progress, route }),
        })
          .then((out) => {
            update(id, { state: 'done', progress: 1, route: out.route, result: out.result, reason: out.reason });
            void utils.uploads.list.invalidate();
          })
          .catch((err: unknown) => update(id, { state: 'failed', error: err instanceof Error ? err.message : 'The upload failed' }));
      }
    },
    [transport, workspace, utils],
  );

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    if (e.dataTransfer.files.length) start(e.dataTransfer.files);
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      fileInput.current?.click();
    }
  };

  return (
    <div className="space-y-8">
      <header>
        <p className="text-sm font-medium text-indigo-600">Uploads</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Reference files</h1>
        <p className="mt-2 max-w-2xl text-sm text-slate-500">
          Upload images to use as reference images, and audio or video for video tasks. The type is read from the file itself, not its name.
        </p>
      </header>

      <Card>
        <CardBody className="space-y-4">
          <div
            role="button"
            tabIndex={0}
            aria-describedby={`${inputId}-limits`}
            onKeyDown={onKey}
            onClick={() => fileInput.current?.click()}
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            className={cn(
              'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-6 py-10 text-center transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
              dragging ? 'border-indigo-500 bg-indigo-50' : 'border-slate-300 bg-slate-50 hover:border-indigo-400 hover:bg-indigo-50/40',
            )}
          >
            <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.6} aria-hidden="true" className="size-9 text-indigo-500">
              <path strokeLinecap="round" strokeLinejoin="round" d="M12 16V4m0 0-4 4m4-4 4 4M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />
            </svg>
            <p className="text-sm font-medium text-slate-800">Drop files here, or click to choose</p>
            <p id={`${inputId}-limits`} className="text-xs text-slate-500">
              {LIMITS.map(([what, types, max]) => `${what}: ${types} up to ${max}`).join(' · ')}
            </p>
            <label htmlFor={inputId} className="sr-only">
              Choose files to upload
            </label>
            <input
              id={inputId}
              ref={fileInput}
              type="file"
              multiple
              accept={ACCEPT}
              className="sr-only"
              onClick={(e) => e.stopPropagation()}
              onChange={(e) => {
                if (e.target.files?.length) start(e.target.files);
                e.target.value = '';
              }}
            />
          </div>
          <div className="flex flex-wrap items-end gap-3">
            <div className="w-64 max-w-full">
              <Label htmlFor={workspaceId}>Workspace folder (optional)</Label>
              <Input
                id={workspaceId}
                value={workspace}
                onChange={(e) => setWorkspace(e.target.value)}
                placeholder="e.g. spring-campaign"
                maxLength={64}
                pattern="[A-Za-z0-9_-]*"
                className="mt-1"
              />
            </div>
            <p className="pb-2 text-xs text-slate-500">Letters, digits, - and _. Files go in a sub-folder of that name.</p>
          </div>
        </CardBody>
      </Card>

      {items.length > 0 && (
        <section aria-label="This session’s uploads" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {items.map((item) => (
            <Card key={item.id} className="overflow-hidden" data-testid="upload-item">
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
                      aria-valuenow={Math.round(item.progress * 100)}
                      className="h-2 overflow-hidden rounded-full bg-slate-100"
                    >
                      <div className="h-full rounded-full bg-indigo-600 transition-[width]" style={{ width: `${Math.round(item.progress * 100)}%` }} />
                    </div>
                    <p className="mt-1 text-xs text-slate-500">
                      {Math.round(item.progress * 100)}% {item.route === 'direct' ? '· direct to storage' : item.route === 'proxy' ? '· through Studio' : ''}
                    </p>
                  </div>
                )}
                {item.state === 'failed' && <ErrorAlert>{item.error}</ErrorAlert>}
                {item.state === 'done' && item.result && (
                  <>
                    <Preview file={item.result} name={item.name} />
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
          ))}
        </section>
      )}

      <Card>
        <CardHeader>
          <CardTitle>Recent uploads</CardTitle>
          <CardDescription>Your files, newest first. Copy a URL to use it as a reference image.</CardDescription>
        </CardHeader>
        <CardBody>
          {recent.isLoading ? (
            <div className="flex items-center gap-2 text-sm text-slate-500">
              <Spinner className="size-4" /> Loading…
            </div>
          ) : recent.error ? (
            <ErrorAlert>{recent.error.message}</ErrorAlert>
          ) : !recent.data?.uploads.length ? (
            <p className="text-sm text-slate-500">Nothing uploaded yet.</p>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {recent.data.uploads.map((u) => {
                const name = u.filename ?? u.key.split('/').pop() ?? u.key;
                return (
                  <li key={u.key} className="min-w-0 space-y-2 rounded-xl p-3 ring-1 ring-slate-200">
                    <Preview file={u} name={name} />
                    <div className="flex items-center justify-between gap-2">
                      <div className="min-w-0">
                        <p className="truncate text-xs font-medium text-slate-700" title={u.key}>
                          {u.workspace_id ? `${u.workspace_id}/` : ''}
                          {name}
                        </p>
                        <p className="text-xs text-slate-500">
                          {u.mime} · {formatBytes(u.size)} · {new Date(u.created_at).toLocaleString()}
                        </p>
                      </div>
                      <CopyButton value={u.url} label={`URL of ${name}`} />
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </CardBody>
      </Card>
    </div>
  );
}
