'use client';

import { useTranslations } from 'next-intl';
import { ActionForm, type ActionFormState } from '@/components/passwords/action-form';
import { changePasswordAction } from './actions';

/** Current password, the new one twice; a clear word when it changed. `action`: the operator area passes its own. */
export function ChangePasswordForm({
  action = changePasswordAction,
}: { action?: (previous: ActionFormState, form: FormData) => Promise<ActionFormState> } = {}) {
  const t = useTranslations('account');
  return (
    <ActionForm
      action={action}
      label={t('passwordTitle')}
      fields={[
        { name: 'current', label: t('current'), type: 'password', autoComplete: 'current-password' },
        { name: 'password', label: t('new'), type: 'password', autoComplete: 'new-password', hint: t('newHint') },
        { name: 'confirm', label: t('confirm'), type: 'password', autoComplete: 'new-password' },
      ]}
      submit={t('submit')}
      submitting={t('submitting')}
      doneMessage={t('changed')}
    />
  );
}
