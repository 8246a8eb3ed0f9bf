'use client';

import { useTranslations } from 'next-intl';
import { KeyIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';

interface NewKeyCardProps {
  /** Whose key it is, for the heading. */
  tenantName: string;
  apiKey: string;
  onDone: () => void;
}

/** A tenant key just issued, shown to the operator this once with a copy button (the tenant's administrator can reveal it). */
export function NewKeyCard({ tenantName, apiKey, onDone }: NewKeyCardProps) {
  const t = useTranslations('operatorTenants.newKey');
  return (
    <Card className="border-emerald-200 bg-emerald-50/60 p-5" role="status" data-testid="new-tenant-key">
      <div className="flex items-start gap-3">
        <KeyIcon className="mt-0.5 size-5 shrink-0 text-emerald-700" />
        <div className="min-w-0 flex-1 space-y-3">
          <div>
            <h2 className="text-sm font-semibold text-slate-900">{t('title', { name: tenantName })}</h2>
            <p className="mt-1 text-sm text-slate-600">{t('once')}</p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <code
              className="min-w-0 rounded-md bg-white px-3 py-2 font-mono text-xs break-all text-slate-900 ring-1 ring-slate-200"
              data-testid="new-key-value"
            >
              {apiKey}
            </code>
            <CopyButton value={apiKey} label={t('copyLabel')} />
          </div>
          <Button variant="secondary" size="sm" onClick={onDone}>
            {t('done')}
          </Button>
        </div>
      </div>
    </Card>
  );
}
