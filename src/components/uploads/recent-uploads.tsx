'use client';

import { TRPCClientError } from '@trpc/client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { trpc } from '@/trpc/react';
import { useErrorText } from '@/components/console/use-error-text';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ListState } from '@/components/ui/list-state';
import { Spinner } from '@/components/ui/spinner';
import { uploadName, UploadTile, type ListedUpload } from './upload-tile';

/** The refusal of a delete: in use (what uses it, as the server names it) or another error in the reader's words. */
function useDeleteErrorText() {
  const t = useTranslations('uploads.delete');
  const errorText = useErrorText();
  return (err: unknown) =>
    err instanceof TRPCClientError && (err.data as { httpStatus?: number } | undefined)?.httpStatus === 409
      ? t('inUse', { detail: err.message })
      : errorText(err);
}

/** The caller's files, newest first, as a grid of thumbnails, each with its URL to copy and Delete. */
export function RecentUploads() {
  const t = useTranslations('uploads');
  const utils = trpc.useUtils();
  const recent = trpc.uploads.list.useQuery({ limit: 48 });
  const uploads = recent.data?.uploads ?? [];
  const remove = trpc.uploads.delete.useMutation();
  const deleteErrorText = useDeleteErrorText();
  const [asked, setAsked] = useState<ListedUpload | null>(null);

  const close = () => {
    setAsked(null);
    remove.reset();
  };
  const confirm = async () => {
    if (!asked) return;
    try {
      await remove.mutateAsync({ key: asked.key });
      close();
      await utils.uploads.list.invalidate();
    } catch {
      // The refusal is shown in the dialog.
    }
  };

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
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6" data-testid="upload-grid">
            {uploads.map((u) => (
              <UploadTile key={u.key} upload={u} onDelete={() => setAsked(u)} />
            ))}
          </ul>
        </ListState>
      </CardBody>
      <ConfirmDialog
        open={asked !== null}
        title={t('delete.title', { name: asked ? uploadName(asked) : '' })}
        confirmLabel={t('delete.confirm')}
        busy={remove.isPending}
        error={remove.error ? deleteErrorText(remove.error) : null}
        onConfirm={() => void confirm()}
        onCancel={close}
      >
        {t('delete.body')}
      </ConfirmDialog>
    </Card>
  );
}
