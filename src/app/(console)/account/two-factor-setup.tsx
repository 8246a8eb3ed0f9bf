'use client';

import { useTranslations } from 'next-intl';
import { useState, useTransition, type ReactNode } from 'react';
import { ActionForm } from '@/components/passwords/action-form';
import { Button } from '@/components/ui/button';
import { RecoveryCodes } from './recovery-codes';
import { confirmTwoFactorAction, startTwoFactorAction, type EnrolmentStart } from './two-factor-actions';

/** The server actions of an enrolment: the console's by default; the operator area passes its own. */
export interface EnrolmentActions {
  start: () => Promise<EnrolmentStart>;
  confirm: typeof confirmTwoFactorAction;
}

/**
 * Switching two-step verification on: a new secret (QR code and text), a code to confirm, then the recovery
 * codes (and `after`, e.g. the way on).
 */
export function TwoFactorSetup({
  actions = { start: startTwoFactorAction, confirm: confirmTwoFactorAction },
  after,
}: { actions?: EnrolmentActions; after?: ReactNode } = {}) {
  const t = useTranslations('account.twoFactor');
  const [started, setStarted] = useState<EnrolmentStart | null>(null);
  const [pending, startTransition] = useTransition();
  const start = () => startTransition(async () => setStarted(await actions.start()));

  if (!started || 'error' in started) {
    return (
      <div className="space-y-3">
        {started && (
          <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2.5 text-sm text-rose-700 ring-1 ring-rose-200">
            {started.error}
          </p>
        )}
        <Button type="button" onClick={start} disabled={pending}>
          {pending ? t('starting') : t('start')}
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-5">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-600">
        <li>{t('stepScan')}</li>
        <li>{t('stepConfirm')}</li>
      </ol>
      <div className="flex flex-col items-start gap-4 sm:flex-row">
        {/* eslint-disable-next-line @next/next/no-img-element -- a data URL made on the server, nothing to optimise */}
        <img src={started.qr} alt={t('qrAlt')} width={176} height={176} className="rounded-lg ring-1 ring-slate-200" />
        <div className="min-w-0 space-y-1 text-sm">
          <p className="text-slate-500">{t('secretLabel')}</p>
          <p className="font-mono break-all text-slate-900" data-testid="two-factor-secret">
            {started.secret}
          </p>
        </div>
      </div>
      <ActionForm
        action={actions.confirm}
        label={t('confirmLabel')}
        fields={[{ name: 'code', label: t('code'), type: 'text', autoComplete: 'one-time-code', hint: t('codeHint') }]}
        submit={t('confirm')}
        submitting={t('confirming')}
        done={(state) => (
          <>
            <RecoveryCodes codes={(state.values.recoveryCodes ?? '').split(' ')} />
            {after}
          </>
        )}
      />
    </div>
  );
}
