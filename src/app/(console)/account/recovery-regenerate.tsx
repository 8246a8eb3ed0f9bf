'use client';

import { useTranslations } from 'next-intl';
import { ActionForm, type ActionFormState } from '@/components/passwords/action-form';
import { RecoveryCodes } from './recovery-codes';
import { regenerateRecoveryCodesAction } from './two-factor-actions';

/** New recovery codes in place of the old ones, with the password or a current code; shown once. `action`: the operator area passes its own. */
export function RecoveryRegenerate({
  action = regenerateRecoveryCodesAction,
}: { action?: (previous: ActionFormState, form: FormData) => Promise<ActionFormState> } = {}) {
  const t = useTranslations('account.twoFactor');
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">{t('regenerateLead')}</p>
      <ActionForm
        action={action}
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
