'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';

/** The recovery codes, shown once right after two-step verification is switched on (or new ones are made). */
export function RecoveryCodes({ codes, message }: { codes: string[]; message?: string }) {
  const t = useTranslations('account.twoFactor');
  const router = useRouter();
  return (
    <div className="space-y-4" role="status">
      <p className="rounded-lg bg-emerald-50 px-3 py-2.5 text-sm text-emerald-800 ring-1 ring-emerald-200">
        {message ?? t('on')}
      </p>
      <p className="text-sm text-slate-600">{t('recoveryLead')}</p>
      <ul
        className="grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-3 font-mono text-sm text-slate-900 ring-1 ring-slate-200"
        data-testid="recovery-codes"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-3">
        <CopyButton value={codes.join('\n')} label={t('recoveryTitle')} />
        <Button type="button" onClick={() => router.refresh()}>
          {t('saved')}
        </Button>
      </div>
    </div>
  );
}
