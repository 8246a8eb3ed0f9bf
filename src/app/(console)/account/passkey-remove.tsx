'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { ActionForm, type ActionFormState } from '@/components/passwords/action-form';

/** Removing a passkey: behind a disclosure, with the current password. */
export function PasskeyRemove({
  name,
  action,
}: {
  name: string;
  action: (previous: ActionFormState, form: FormData) => Promise<ActionFormState>;
}) {
  const t = useTranslations('account');
  const tp = useTranslations('account.passkeys');
  return (
    <details className="group">
      <summary className="cursor-pointer text-sm font-medium text-rose-700 hover:text-rose-600">{tp('remove')}</summary>
      <div className="mt-3">
        <ActionForm
          action={action}
          label={tp('removeLabel', { name })}
          fields={[{ name: 'current', label: t('current'), type: 'password', autoComplete: 'current-password' }]}
          submit={tp('remove')}
          submitting={tp('removing')}
          done={() => <Removed message={tp('removed')} />}
        />
      </div>
    </details>
  );
}

/** How long the notice stays before the list is read again (the refresh takes the removed item, and it, away). */
const NOTICE_MS = 2000;

function Removed({ message }: { message: string }) {
  const router = useRouter();
  useEffect(() => {
    const later = setTimeout(() => router.refresh(), NOTICE_MS);
    return () => clearTimeout(later);
  }, [router]);
  return (
    <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2.5 text-sm text-emerald-800 ring-1 ring-emerald-200">
      {message}
    </p>
  );
}
