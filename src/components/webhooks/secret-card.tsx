'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { KeyIcon, RefreshIcon } from '@/components/icons';
import { useErrorText } from '@/components/console/use-error-text';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyButton } from '@/components/ui/copy-button';
import { QueryError } from '@/components/ui/list-state';
import { trpc } from '@/trpc/react';

/** `whsec_` and the first and last characters: enough to tell secrets apart, not to use one. */
export const maskSecret = (secret: string) =>
  secret.length > 14 ? `${secret.slice(0, 8)}${'•'.repeat(12)}${secret.slice(-4)}` : '•'.repeat(secret.length);

/** The tenant's signing secret: masked until shown, copied whole, rotated after a warning about receivers. */
export function SecretCard() {
  const t = useTranslations('webhooks.secret');
  const errorText = useErrorText();
  const utils = trpc.useUtils();
  const secret = trpc.callbacks.secret.useQuery({});
  const rotate = trpc.callbacks.rotate.useMutation({
    onSuccess: (answer) => utils.callbacks.secret.setData({}, answer),
  });
  const [shown, setShown] = useState(false);
  const [asking, setAsking] = useState(false);
  const [rotated, setRotated] = useState(false);
  const value = secret.data?.secret;

  async function confirmRotate() {
    try {
      await rotate.mutateAsync({});
      setAsking(false);
      setRotated(true);
      setShown(true);
    } catch {
      // Shown in the dialog.
    }
  }

  return (
    <Card data-testid="webhook-secret">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyIcon className="size-4 text-indigo-600" />
          {t('title')}
        </CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardBody className="space-y-3">
        {secret.isError && <QueryError error={secret.error} onRetry={secret.refetch} />}
        {!value && secret.isPending && <p className="text-sm text-slate-500">{t('loading')}</p>}
        {value && (
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <code
              className={
                'min-w-0 flex-1 rounded-md bg-slate-50 px-2 py-1.5 font-mono text-xs text-slate-700 ring-1 ' +
                `ring-inset ring-slate-200/70 ${shown ? 'break-all' : 'truncate'}`
              }
              aria-label={t('label')}
              data-testid="webhook-secret-value"
            >
              {shown ? value : maskSecret(value)}
            </code>
            <div className="flex shrink-0 gap-2">
              <Button variant="secondary" size="sm" aria-pressed={shown} onClick={() => setShown((s) => !s)}>
                {shown ? t('hide') : t('show')}
              </Button>
              <CopyButton value={value} label={t('copy')} className="h-8" />
            </div>
          </div>
        )}
        {rotated && (
          <p role="status" className="text-sm text-emerald-700">
            {t('rotated')}
          </p>
        )}
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            rotate.reset();
            setAsking(true);
          }}
          disabled={!value}
        >
          <RefreshIcon className="size-4" />
          {t('rotate')}
        </Button>
      </CardBody>
      <ConfirmDialog
        open={asking}
        title={t('confirmTitle')}
        confirmLabel={t('confirm')}
        busy={rotate.isPending}
        error={rotate.error ? errorText(rotate.error) : null}
        onConfirm={() => void confirmRotate()}
        onCancel={() => setAsking(false)}
      >
        {t('confirmBody')}
      </ConfirmDialog>
    </Card>
  );
}
