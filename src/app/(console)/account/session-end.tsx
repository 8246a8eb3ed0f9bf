'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { endSessionAction } from './session-actions';

/** Ends another session of the user; the list is read again. */
export function SessionEnd({ sid, device }: { sid: string; device: string }) {
  const t = useTranslations('account.sessions');
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const end = () =>
    startTransition(async () => {
      const done = await endSessionAction(sid);
      if ('error' in done) return setError(done.error);
      router.refresh();
    });
  return (
    <div className="flex flex-col items-end gap-1">
      <Button
        type="button"
        variant="secondary"
        size="sm"
        onClick={end}
        disabled={pending}
        aria-label={t('endLabel', { device })}
      >
        {t('end')}
      </Button>
      {error && (
        <p role="alert" className="text-xs text-rose-600">
          {error}
        </p>
      )}
    </div>
  );
}
