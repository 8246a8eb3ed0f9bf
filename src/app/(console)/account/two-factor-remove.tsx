'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { ActionForm } from '@/components/passwords/action-form';
import { removeTwoFactorAction } from './two-factor-actions';

/** Switching two-step verification off: the current password and a code (or a recovery code). */
export function TwoFactorRemove() {
  const t = useTranslations('account');
  const tf = useTranslations('account.twoFactor');
  return (
    <ActionForm
      action={removeTwoFactorAction}
      label={tf('removeLabel')}
      fields={[
        { name: 'current', label: t('current'), type: 'password', autoComplete: 'current-password' },
        { name: 'code', label: tf('codeOrRecovery'), type: 'text', autoComplete: 'one-time-code' },
      ]}
      submit={tf('remove')}
      submitting={tf('removing')}
      done={() => <Removed message={tf('removed')} />}
    />
  );
}

/** Says it is off and reloads the page's view of the account. */
function Removed({ message }: { message: string }) {
  const router = useRouter();
  useEffect(() => router.refresh(), [router]);
  return (
    <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2.5 text-sm text-emerald-800 ring-1 ring-emerald-200">
      {message}
    </p>
  );
}
