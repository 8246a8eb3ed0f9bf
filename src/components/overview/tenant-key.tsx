'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { trpc } from '@/trpc/react';
import { useErrorText } from '@/components/console/use-error-text';
import { KeyIcon } from '@/components/icons';
import { StatCard } from '@/components/console/stat-card';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Spinner } from '@/components/ui/spinner';

const MASK = 'sk-studio-••••••••••••••••';

/** The tenant key, hidden until asked for: then shown with a copy button, and hidden again on request. */
export function TenantKey() {
  const t = useTranslations('overview.key');
  const errorText = useErrorText();
  const [shown, setShown] = useState(false);
  // Read only when asked for, and not kept in the page's cache afterwards.
  const key = trpc.session.revealKey.useQuery(undefined, { enabled: shown, staleTime: 0, gcTime: 0, retry: false });
  const value = shown ? key.data?.api_key : undefined;
  return (
    <StatCard icon={KeyIcon} title={t('title')} note={t('note')}>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <code
          className="min-w-0 flex-1 rounded-md bg-slate-50 px-2 py-1.5 font-mono text-xs break-all text-slate-800 ring-1 ring-slate-200"
          data-testid="tenant-key"
        >
          {value ?? (shown && key.data ? t('none') : MASK)}
        </code>
        {value && <CopyButton value={value} label={t('copy')} />}
        <Button variant="secondary" size="sm" onClick={() => setShown((s) => !s)} aria-pressed={shown}>
          {shown && key.isFetching && <Spinner />}
          {shown ? t('hide') : t('reveal')}
        </Button>
      </div>
      {shown && key.error && <ErrorAlert className="mt-3">{errorText(key.error)}</ErrorAlert>}
    </StatCard>
  );
}
