'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useErrorText } from '@/components/console/use-error-text';
import { KeyIcon, PowerIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { trpc } from '@/trpc/react';
import type { OperatorTenant } from './model';
import { NewKeyCard } from './new-key-card';
import { useTenantRefresh } from './use-tenant-refresh';

type Asking = 'rekey' | 'toggle' | null;

/** The tenant's key and access: issue a new key (the old one stops), or disable and enable the tenant. */
export function TenantAccessPanel({ tenant }: { tenant: OperatorTenant }) {
  const t = useTranslations('operatorTenants.access');
  const errorText = useErrorText();
  const rekey = trpc.admin.tenantRekey.useMutation();
  const toggle = trpc.admin.tenantToggle.useMutation();
  const refresh = useTenantRefresh();
  const [asking, setAsking] = useState<Asking>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [newKey, setNewKey] = useState<string | null>(null);

  async function confirm() {
    setProblem(null);
    try {
      if (asking === 'rekey') {
        const answer = await rekey.mutateAsync({ tenant_id: tenant.id });
        setNewKey(answer.api_key);
      } else {
        await toggle.mutateAsync({ tenant_id: tenant.id, disabled: !tenant.disabled });
      }
      setAsking(null);
      await refresh();
    } catch (error) {
      setProblem(errorText(error));
    }
  }

  const disabling = !tenant.disabled;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('title')}</CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardBody className="space-y-4">
        {newKey && <NewKeyCard tenantName={tenant.name} apiKey={newKey} onDone={() => setNewKey(null)} />}
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setAsking('rekey')}>
            <KeyIcon className="size-4" />
            {t('rekey')}
          </Button>
          <Button variant={disabling ? 'secondary' : 'primary'} onClick={() => setAsking('toggle')}>
            <PowerIcon className="size-4" />
            {disabling ? t('disable') : t('enable')}
          </Button>
        </div>
      </CardBody>
      <ConfirmDialog
        open={asking === 'rekey'}
        title={t('rekeyTitle', { name: tenant.name })}
        confirmLabel={t('rekeyConfirm')}
        busy={rekey.isPending}
        error={problem}
        onConfirm={() => void confirm()}
        onCancel={() => {
          setAsking(null);
          setProblem(null);
        }}
      >
        {t('rekeyBody')}
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === 'toggle'}
        title={disabling ? t('disableTitle', { name: tenant.name }) : t('enableTitle', { name: tenant.name })}
        confirmLabel={disabling ? t('disableConfirm') : t('enableConfirm')}
        tone={disabling ? 'danger' : 'primary'}
        busy={toggle.isPending}
        error={problem}
        onConfirm={() => void confirm()}
        onCancel={() => {
          setAsking(null);
          setProblem(null);
        }}
      >
        {disabling ? t('disableBody') : t('enableBody')}
      </ConfirmDialog>
    </Card>
  );
}
