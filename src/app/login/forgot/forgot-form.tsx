'use client';

import { useTranslations } from 'next-intl';
import { ActionForm } from '@/components/passwords/action-form';
import { requestResetAction } from '@/app/login/password-actions';

/** The forgot password form, and the same neutral answer once sent. */
export function ForgotForm({ minutes, initialEmail }: { minutes: number; initialEmail: string }) {
  const t = useTranslations('forgot');
  return (
    <ActionForm
      action={requestResetAction}
      label={t('title')}
      fields={[
        {
          name: 'email',
          label: t('email'),
          type: 'email',
          autoComplete: 'username',
          placeholder: t('emailPlaceholder'),
          autoFocus: true,
        },
      ]}
      initialValues={{ email: initialEmail }}
      submit={t('submit')}
      submitting={t('submitting')}
      done={(state) => (
        <div role="status" className="space-y-3" data-testid="reset-requested">
          <h2 className="text-base font-semibold text-slate-900">{t('sentTitle')}</h2>
          <p className="text-sm text-slate-600">{t('sent', { email: state.values.email ?? '', minutes })}</p>
          <p className="text-xs text-slate-500">{t('sentNoMail')}</p>
        </div>
      )}
    />
  );
}
