'use client';

import { CheckIcon, CopyIcon } from '../icons';
import { buttonClasses } from '../ui/button';
import { copyStateText, useCopy } from '../ui/copy-button';

/** The result's main action: copies title, body and hashtags in one go, saying so on the button. */
export function CopyAllButton({ value }: { value: string }) {
  const { state, copy } = useCopy();

  return (
    <button type="button" onClick={() => void copy(value)} aria-label="Copy all" className={buttonClasses('secondary', 'sm', 'shrink-0')}>
      {state === 'copied' ? <CheckIcon className="size-4 text-emerald-600" /> : <CopyIcon className="size-4" />}
      <span aria-live="polite">{copyStateText(state, 'Copy all')}</span>
    </button>
  );
}
