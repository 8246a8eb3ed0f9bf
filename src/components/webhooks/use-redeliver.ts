'use client';

import { useState } from 'react';
import { trpc } from '@/trpc/react';
import type { Delivery } from './history-query';

/** A redelivery asked for from a row: the attempt it will be recorded as, until that attempt is in the list. */
export interface PendingRedelivery {
  jobId: string;
  attempt: number;
}

/**
 * Redelivery from the history: queues the job's callback again and follows the attempt it becomes (the
 * worker sends it within moments), so the row can show its outcome once the list has it.
 */
export function useRedeliver(rows: Delivery[]) {
  const redeliver = trpc.callbacks.redeliver.useMutation();
  const [asked, setAsked] = useState<Record<number, PendingRedelivery>>({});
  const [current, setCurrent] = useState<number | null>(null);
  const outcomeOf = (rowId: number): Delivery | 'queued' | null => {
    const pending = asked[rowId];
    if (!pending) return null;
    return rows.find((r) => r.job_id === pending.jobId && r.attempt === pending.attempt) ?? 'queued';
  };
  const waiting = Object.keys(asked).some((id) => outcomeOf(Number(id)) === 'queued');

  return {
    waiting,
    outcomeOf,
    busyRow: redeliver.isPending ? current : null,
    errorOf: (rowId: number) => (redeliver.isError && current === rowId ? redeliver.error : null),
    async start(row: Delivery, refresh: () => Promise<unknown>) {
      if (!row.job_id) return;
      setCurrent(row.id);
      try {
        const answer = await redeliver.mutateAsync({ job_id: row.job_id });
        setAsked((a) => ({ ...a, [row.id]: { jobId: answer.job_id, attempt: answer.attempt } }));
        await refresh();
      } catch {
        // Shown on the row.
      }
    },
  };
}
