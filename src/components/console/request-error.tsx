'use client';

import { useTranslations } from 'next-intl';
import { ErrorAlert } from '@/components/ui/alert';
import { isRetryable } from './error-text';
import { useErrorText } from './use-error-text';

/**
 * A failed action or read, in the page's words, with "Retry" when trying again may help (Studio
 * unreachable, too slow, briefly unavailable). Renders nothing without an error.
 */
export function RequestError({
  error,
  onRetry,
  className,
}: {
  error: unknown;
  onRetry?: () => unknown;
  className?: string;
}) {
  const t = useTranslations('errorCodes');
  const text = useErrorText();
  if (!error) return null;
  return (
    <ErrorAlert className={className}>
      {text(error)}
      {onRetry && isRetryable(error) && (
        <>
          {' '}
          <button type="button" className="font-medium underline" onClick={() => void onRetry()}>
            {t('retry')}
          </button>
        </>
      )}
    </ErrorAlert>
  );
}
