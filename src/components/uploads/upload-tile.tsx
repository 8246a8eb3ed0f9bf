'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { TrashIcon, VideoIcon } from '@/components/icons';
import { CopyButton } from '@/components/ui/copy-button';
import type { RouterOutputs } from '@/trpc/react';
import { formatBytes } from './upload-preview';

export type ListedUpload = RouterOutputs['uploads']['list']['uploads'][number];

/** The name a listed upload is shown under: the name it was uploaded with, else its stored file name. */
export const uploadName = (u: ListedUpload) => u.filename ?? u.key.split('/').pop() ?? u.key;

/** One upload in the grid: its thumbnail (or its kind), name, type and size, a copy of its URL and Delete. */
export function UploadTile({ upload: u, onDelete }: { upload: ListedUpload; onDelete: () => void }) {
  const t = useTranslations('uploads');
  const format = useFormatter();
  const name = uploadName(u);
  return (
    <li className="flex min-w-0 flex-col gap-2 rounded-xl p-2 ring-1 ring-slate-200" data-testid="upload-tile">
      <a href={u.url} target="_blank" rel="noreferrer" className="block" title={t('recent.open', { name })}>
        {u.thumbnail_url ? (
          // A small WebP made by Studio for the grid; the full file opens from the link.
          // eslint-disable-next-line @next/next/no-img-element
          <img
            src={u.thumbnail_url}
            alt={t('recent.thumbnail', { name })}
            loading="lazy"
            width={256}
            height={256}
            className="aspect-square w-full rounded-lg bg-slate-100 object-cover"
          />
        ) : (
          <span className="flex aspect-square w-full flex-col items-center justify-center gap-1 rounded-lg bg-slate-100 text-xs text-slate-500">
            <VideoIcon className="size-6" />
            {t('recent.kind', { media: u.media_type })}
          </span>
        )}
      </a>
      <div className="min-w-0">
        <p className="truncate text-xs font-medium text-slate-700" title={u.key}>
          {u.workspace_id ? `${u.workspace_id}/` : ''}
          {name}
        </p>
        <p className="truncate text-[11px] text-slate-500">
          {formatBytes(u.size)} · {format.dateTime(new Date(u.created_at), 'minute')}
        </p>
      </div>
      <div className="flex items-center justify-between gap-1">
        <CopyButton value={u.url} label={t('card.url', { name })} />
        <button
          type="button"
          onClick={onDelete}
          aria-label={t('delete.button', { name })}
          title={t('delete.button', { name })}
          className="rounded-md p-1.5 text-slate-500 hover:bg-rose-50 hover:text-rose-700 focus-visible:outline-2 focus-visible:outline-rose-600"
        >
          <TrashIcon className="size-4" />
        </button>
      </div>
    </li>
  );
}
