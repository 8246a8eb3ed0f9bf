'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useRef, useState } from 'react';
import { trpc } from '@/trpc/react';
import { parseReading, type Reading } from './reading';
import { consoleFetch } from '@/components/console/console-fetch';
import { failureKind, isTimeout } from '@/components/console/error-text';
import { useErrorText } from '@/components/console/use-error-text';

/** Reads one uploaded image through `POST /api/reverse` with the console session; the balance is read again after. */
export function useReading() {
  const t = useTranslations('reading.errors');
  const utils = trpc.useUtils();
  const [reading, setReading] = useState<{ image: string; result: Reading } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const busy = useRef(false);
  const errorText = useErrorText();

  const read = useCallback(
    async (imageUrl: string) => {
      if (busy.current) return;
      busy.current = true;
      setPending(true);
      setError(null);
      try {
        const res = await consoleFetch('/api/reverse', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ image_url: imageUrl }),
        });
        const body: unknown = await res.json().catch(() => null);
        const answer = parseReading(res.status, body, (status) => t('status', { status: String(status) }));
        if (answer.ok) setReading({ image: imageUrl, result: answer.reading });
        else setError(failureKind(body) ? errorText(body) : answer.error);
      } catch (err) {
        setError(isTimeout(err) ? errorText(err) : t('network'));
      } finally {
        busy.current = false;
        setPending(false);
        void utils.session.me.invalidate();
      }
    },
    [utils, t, errorText],
  );

  return { reading, error, pending, read };
}
