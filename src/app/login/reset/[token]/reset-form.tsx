'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { ActionForm } from '@/components/passwords/action-form';
import { resetPasswordAction } from '@/app/login/password-actions';

/** The new password, typed twice; success goes on to the sign-in page. */
export function ResetForm({ token }: { token: string }) {
  const t = useTranslations('reset');
  const action = useMemo(() => resetPasswordAction.bind(null, token), [token]);
  return (
    <ActionForm
      action={action}
      label={t('title')}
      fields={[
        {
          name: 'password',
          label: t('password'),
          type: 'password',
          autoComplete: 'new-password',
          hint: t('passwordHint'),
          autoFocus: true,
        },
        { name: 'confirm', label: t('confirm'), type: 'password', autoComplete: 'new-password' },
      ]}
      submit={t('submit')}
      submitting={t('submitting')}
    />
  );
}
