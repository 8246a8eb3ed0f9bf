'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { trpc } from '@/trpc/react';
import { applyChange, UPSTREAM_LIST_INPUT, type UpstreamChange } from './upstreams';

/**
 * Switching a channel on or off and rating it: the row changes at once, goes back if the server
 * refuses, and the list is read again (the other channels' shares follow from the change).
 */
export function useUpstreamUpdate() {
  const t = useTranslations('operator.upstreams');
  const utils = trpc.useUtils();
  const list = utils.admin.upstreamList;
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());

  const update = trpc.admin.upstreamUpdate.useMutation({
    async onMutate(change) {
      setFailure(null);
      setBusy((s) => new Set(s).add(change.name));
      await list.cancel();
      const before = list.getData(UPSTREAM_LIST_INPUT);
      list.setData(
        UPSTREAM_LIST_INPUT,
        (d) => d && { ...d, upstreams: d.upstreams.map((r) => (r.name === change.name ? applyChange(r, change) : r)) },
      );
      return { before };
    },
    onError(error, change, context) {
      if (context?.before) list.setData(UPSTREAM_LIST_INPUT, context.before);
      setFailure(t('updateFailed', { name: change.name, message: error.message }));
    },
    onSuccess({ upstream: row }) {
      list.setData(
        UPSTREAM_LIST_INPUT,
        (d) => d && { ...d, upstreams: d.upstreams.map((r) => (r.name === row.name ? row : r)) },
      );
    },
    onSettled(_data, _error, change) {
      setBusy((s) => {
        const next = new Set(s);
        next.delete(change.name);
        return next;
      });
      void list.invalidate();
    },
  });

  return { change: (c: UpstreamChange) => update.mutate(c), busy, failure };
}
