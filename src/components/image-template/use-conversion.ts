'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { ConversionAnswer, ConversionOptions } from '@/contracts/image-template';
import { trpc } from '@/trpc/react';
import { parseConversion, parseSubmitted, type ConversionWords } from './conversion';
import { consoleFetch } from '@/components/console/console-fetch';
import { failureKind, isTimeout } from '@/components/console/error-text';
import { useErrorText } from '@/components/console/use-error-text';

export interface ConversionError {
  message: string;
  /** 402: the balance does not cover the price. */
  credits: boolean;
}

/** `POST /api/image-to-template` with the console session; the balance is read again after each call. */
async function post(body: { image_url: string } & ConversionOptions): Promise<{ status: number; body: unknown }> {
  // A synchronous conversion takes up to about 40 s.
  const res = await consoleFetch('/api/image-to-template', {
    timeoutMs: 120_000,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

/**
 * Converts one uploaded image: now (the answer is the conversion, shown and edited on the page), or
 * in the background (the answer is a job that also creates the template; its id is handed on).
 */
export function useConversion() {
  const t = useTranslations('imageTemplate.errors');
  const words = useMemo<ConversionWords>(
    () => ({ failed: (status) => t('status', { status: String(status) }), unreadable: t('unreadable') }),
    [t],
  );
  const utils = trpc.useUtils();
  const [conversion, setConversion] = useState<{ image: string; answer: ConversionAnswer; run: number } | null>(null);
  const [error, setError] = useState<ConversionError | null>(null);
  const [pending, setPending] = useState<'now' | 'background' | null>(null);
  const busy = useRef(false);
  const errorText = useErrorText();

  const run = useCallback(
    async <T>(mode: 'now' | 'background', call: () => Promise<T>): Promise<T | null> => {
      if (busy.current) return null;
      busy.current = true;
      setPending(mode);
      setError(null);
      try {
        return await call();
      } catch (err) {
        setError({ message: isTimeout(err) ? errorText(err) : t('network'), credits: false });
        return null;
      } finally {
        busy.current = false;
        setPending(null);
        void utils.session.me.invalidate();
      }
    },
    [utils, t, errorText],
  );

  const convert = useCallback(
    (imageUrl: string, variables: string[]) =>
      run('now', async () => {
        const res = await post({ image_url: imageUrl, variables });
        const out = parseConversion(res.status, res.body, words);
        if (out.ok) setConversion((last) => ({ image: imageUrl, answer: out.answer, run: (last?.run ?? 0) + 1 }));
        else
          setError({ message: failureKind(res.body) ? errorText(res.body) : out.error, credits: out.status === 402 });
      }),
    [run, words, errorText],
  );

  /** Starts a background run that also creates the template; answers its job id, or null after an error. */
  const convertInBackground = useCallback(
    async (imageUrl: string, variables: string[]): Promise<string | null> =>
      (await run('background', async () => {
        const res = await post({ image_url: imageUrl, variables, create_template: true });
        const out = parseSubmitted(res.status, res.body, words);
        if (out.ok) return out.jobId;
        setError({ message: failureKind(res.body) ? errorText(res.body) : out.error, credits: out.status === 402 });
        return null;
      })) ?? null,
    [run, words, errorText],
  );

  return { conversion, error, pending, convert, convertInBackground };
}
