'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { cn } from './cn';
import { CheckIcon, CopyIcon } from '@/components/icons';

/** Puts text on the clipboard; rejects when the browser refuses. */
export async function copyToClipboard(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Plain-http deployments have no async clipboard; fall back to a hidden selection.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy failed');
}

export type CopyState = 'idle' | 'copied' | 'failed';

/** Copies on demand and reports the outcome for two seconds, for buttons that say "Copied". */
export function useCopy(): { state: CopyState; copy: (text: string) => Promise<void> } {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(async (text: string) => {
    try {
      await copyToClipboard(text);
      setState('copied');
    } catch {
      setState('failed');
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), 2000);
  }, []);

  return { state, copy };
}

/** The button's words for each state: "Copy", "Copied", or how to copy by hand. */
export function copyStateText(state: CopyState, idle = 'Copy'): string {
  return state === 'copied' ? 'Copied' : state === 'failed' ? 'Press Ctrl+C' : idle;
}

export interface CopyButtonProps {
  value: string;
  /** What is being copied, in the page's language, for the accessible name: "Copy {label}". */
  label: string;
  className?: string;
  tone?: 'light' | 'dark';
}

export function CopyButton({ value, label, className, tone = 'light' }: CopyButtonProps) {
  const t = useTranslations('copy');
  const { state, copy } = useCopy();

  return (
    <button
      type="button"
      onClick={() => void copy(value)}
      aria-label={t('label', { what: label })}
      className={cn('copy-button', tone === 'dark' ? 'copy-button-dark' : 'copy-button-light', className)}
    >
      {state === 'copied' ? <CheckIcon className="size-3.5 text-emerald-400" /> : <CopyIcon className="size-3.5" />}
      <span aria-live="polite">{t(state)}</span>
    </button>
  );
}
