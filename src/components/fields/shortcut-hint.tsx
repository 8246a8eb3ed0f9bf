'use client';

import { useTranslations } from 'next-intl';

/**
 * "Press Ctrl+Enter to generate", after a field's hint: only where there is a keyboard to press it
 * (a fine pointer), never on phones and tablets.
 */
export function ShortcutHint({ action = 'generate' }: { action?: 'generate' | 'write' }) {
  const t = useTranslations('fields.shortcut');
  return <span className="hidden pointer-fine:inline"> {t(action)}</span>;
}
