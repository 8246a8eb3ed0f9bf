'use client';

import { useTranslations } from 'next-intl';
import { ActionForm } from '@/components/passwords/action-form';
import { RecoveryCodes } from './recovery-codes';
import { regenerateRecoveryCodesAction } from './two-factor-actions';

/** New recovery codes in place of the old ones, with the password or a current code; shown once. */
export function RecoveryRegenerate() {
  const t = useTranslations('account.twoFactor');
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">{t('regenerateLead')}</p>
      <ActionForm
        action={regenerateRecoveryCodesAction}
        label={t('regenerateLabel')}
        fields={[{ name: 'proof', label: t('proof'), type: 'password', autoComplete: 'current-password' }]}
        submit={t('regenerate')}
        submitting={t('regenerating')}
        done={(state) => (
          <RecoveryCodes codes={(state.values.recoveryCodes ?? '').split(' ')} message={t('regenerated')} />
        )}
      />
    </div>
  );
}
