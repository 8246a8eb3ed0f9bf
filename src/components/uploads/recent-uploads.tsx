'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { trpc } from '@/trpc/react';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { ListState } from '@/components/ui/list-state';
import { Spinner } from '@/components/ui/spinner';
import { formatBytes, UploadPreview } from './upload-preview';

/** The tenant's files, newest first, each with its URL to copy. */
export function RecentUploads() {
  const t = useTranslations('uploads');
  const format = useFormatter();
  const recent = trpc.uploads.list.useQuery({ limit: 24 });
  const uploads = recent.data?.uploads ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('recent.title')}</CardTitle>
        <CardDescription>{t('recent.description')}</CardDescription>
      </CardHeader>
      <CardBody>
        <ListState
          query={recent}
          empty={uploads.length === 0}
          keepRowsOnError
          loading={
            <div className="flex items-center gap-2 text-sm text-slate-500">
              <Spinner className="size-4" /> {t('recent.loading')}
            </div>
          }
          placeholder={<p className="text-sm text-slate-500">{t('recent.empty')}</p>}
        >
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {uploads.map((u) => {
              const name = u.filename ?? u.key.split('/').pop() ?? u.key;
              return (
                <li key={u.key} className="min-w-0 space-y-2 rounded-xl p-3 ring-1 ring-slate-200">
                  <UploadPreview file={u} name={name} />
                  <div className="flex items-center justify-between gap-2">
                    <div className="min-w-0">
                      <p className="truncate text-xs font-medium text-slate-700" title={u.key}>
                        {u.workspace_id ? `${u.workspace_id}/` : ''}
                        {name}
                      </p>
                      <p className="text-xs text-slate-500">
                        {u.mime} · {formatBytes(u.size)} · {format.dateTime(new Date(u.created_at), 'minute')}
                      </p>
                    </div>
                    <CopyButton value={u.url} label={t('card.url', { name })} />
                  </div>
                </li>
              );
            })}
          </ul>
        </ListState>
      </CardBody>
    </Card>
  );
}
