'use client';

import { useTranslations } from 'next-intl';
import { CheckIcon, CopyIcon } from '@/components/icons';
import { buttonClasses } from '@/components/ui/button';
import { useCopy } from '@/components/ui/copy-button';

/** The result's main action: copies title, body and hashtags in one go, saying so on the button. */
export function CopyAllButton({ value }: { value: string }) {
  const t = useTranslations('articles.result');
  const tc = useTranslations('copy');
  const { state, copy } = useCopy();
  const words = state === 'copied' ? tc('copied') : state === 'failed' ? tc('failed') : t('copyAll');

  return (
    <button
      type="button"
      onClick={() => void copy(value)}
      aria-label={t('copyAll')}
      className={buttonClasses('secondary', 'sm', 'shrink-0')}
    >
      {state === 'copied' ? <CheckIcon className="size-4 text-emerald-600" /> : <CopyIcon className="size-4" />}
      <span aria-live="polite">{words}</span>
    </button>
  );
}
