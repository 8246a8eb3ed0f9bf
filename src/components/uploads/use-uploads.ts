'use client';

import { useRef, useState } from 'react';
import { trpc } from '@/trpc/react';
import type { UploadItem } from './upload-card';
import { uploadFile } from './upload-client';
import { useUploadTransport } from './use-upload-transport';
import { useUploadErrorText } from './use-upload-error-text';

/** The files sent in this visit, newest first, and a way to send more. */
export function useUploads() {
  const utils = trpc.useUtils();
  const uploadErrorText = useUploadErrorText();
  const transport = useUploadTransport();
  const [items, setItems] = useState<UploadItem[]>([]);
  const seq = useRef(0);

  const update = (id: number, patch: Partial<UploadItem>) =>
    setItems((all) => all.map((i) => (i.id === id ? { ...i, ...patch } : i)));

  function start(files: File[], workspaceId: string | undefined) {
    for (const file of files) {
      const id = ++seq.current;
      setItems((all) => [
        { id, name: file.name, size: file.size, progress: 0, route: null, state: 'uploading' },
        ...all,
      ]);
      uploadFile(transport, file, { workspaceId, onProgress: (progress, route) => update(id, { progress, route }) })
        .then((out) => {
          update(id, { state: 'done', progress: 1, route: out.route, result: out.result, reason: out.reason });
          void utils.uploads.list.invalidate();
        })
        .catch((err: unknown) => update(id, { state: 'failed', error: uploadErrorText(err, file.name) }));
    }
  }

  return { items, start };
}
