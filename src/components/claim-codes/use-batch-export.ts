'use client';

import { useState } from 'react';
import { trpc } from '@/trpc/react';

/**
 * Downloads a batch's CSV: the server writes the file (byte order mark, Shanghai times), the browser
 * saves it under the name the server gave.
 */
export function useBatchExport(batchId: string) {
  const utils = trpc.useUtils();
  const [state, setState] = useState<'idle' | 'pending' | 'failed'>('idle');
  const download = async () => {
    setState('pending');
    try {
      const file = await utils.claims.exportBatch.fetch({ id: batchId }, { staleTime: 0 });
      const url = URL.createObjectURL(new Blob([file.csv], { type: file.content_type }));
      const a = document.createElement('a');
      a.href = url;
      a.download = file.filename;
      document.body.append(a);
      a.click();
      a.remove();
      // The click has handed the file to the browser; the address can go on the next turn.
      setTimeout(() => URL.revokeObjectURL(url), 0);
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  return { download, state };
}
