'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { trpc } from '@/trpc/react';
import { browserTransport, type Transport } from './upload-client';

/** The console's upload transport (tRPC presign and commit, XHR for the bytes), its own errors in the page's language. */
export function useUploadTransport(): Transport {
  const t = useTranslations('uploads.errors');
  const { mutateAsync: presign } = trpc.uploads.presign.useMutation();
  const { mutateAsync: commit } = trpc.uploads.commit.useMutation();
  return useMemo(
    () =>
      browserTransport(
        { presign: (body) => presign(body), commit: (key) => commit({ key }) },
        {
          connection: t('connection'),
          cancelled: t('cancelled'),
          refused: (status) => t('refused', { status: String(status) }),
          failed: (status) => t('status', { status: String(status) }),
        },
      ),
    [presign, commit, t],
  );
}
