'use client';

import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { ErrorCard } from '@/components/errors/error-card';

/** A page that failed while rendering: said plainly, with "try again" (re-renders the page) and a way back. */
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations('errors.failed');
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <ErrorCard
      code={error.digest ? t('reference', { digest: error.digest }) : t('code')}
      title={t('title')}
      body={t('body')}
      action={
        <button
          type="button"
          onClick={reset}
          className={
            'rounded-lg bg-indigo-600 px-4 py-2.5 text-sm font-medium text-white shadow-sm hover:bg-indigo-500 ' +
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600'
          }
        >
          {t('retry')}
        </button>
      }
      links={[{ href: '/overview', label: t('console') }]}
    />
  );
}
