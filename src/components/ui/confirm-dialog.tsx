'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { ErrorAlert } from './alert';
import { buttonClasses } from './button';
import { cn } from './cn';
import { Spinner } from './spinner';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** What happens if the user confirms. */
  children?: ReactNode;
  confirmLabel: string;
  /** `danger` for actions that remove or switch something off. */
  tone?: 'danger' | 'primary';
  busy?: boolean;
  /** The server's refusal, shown inside the dialog. */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

const danger =
  'inline-flex h-10 items-center justify-center gap-2 rounded-lg bg-rose-600 px-4 text-sm font-medium ' +
  'text-white shadow-sm transition-colors hover:bg-rose-500 active:bg-rose-700 focus-visible:outline-2 ' +
  'focus-visible:outline-offset-2 focus-visible:outline-rose-600 disabled:cursor-not-allowed ' +
  'disabled:opacity-60';

/**
 * A modal question on the native `<dialog>`: the browser traps focus, Escape cancels, and focus
 * returns to the button that opened it. Cancel has focus first, so Enter never confirms by accident.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  tone = 'danger',
  busy,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const t = useTranslations('ui');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={children ? bodyId : undefined}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onCancel();
      }}
      onClick={(e) => {
        // A click on the backdrop lands on the dialog element itself.
        if (e.target === e.currentTarget && !busy) onCancel();
      }}
      className={
        'm-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-0 text-left shadow-xl ring-1 ' +
        'ring-slate-200 backdrop:bg-slate-900/40 backdrop:backdrop-blur-[1px]'
      }
    >
      {open && (
        <div className="p-5 sm:p-6">
          <h2 id={titleId} className="text-base font-semibold break-words text-slate-900">
            {title}
          </h2>
          {children && (
            <div id={bodyId} className="mt-2 text-sm leading-6 break-words text-slate-600">
              {children}
            </div>
          )}
          {error && <ErrorAlert className="mt-4">{error}</ErrorAlert>}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button
              type="button"
              autoFocus
              onClick={onCancel}
              disabled={busy}
              className={buttonClasses('secondary', 'md')}
            >
              {t('cancel')}
            </button>
            <button
              type="button"
              onClick={onConfirm}
              disabled={busy}
              className={tone === 'danger' ? danger : buttonClasses('primary', 'md')}
            >
              {busy && <Spinner />}
              <span className={cn(busy && 'opacity-90')}>{confirmLabel}</span>
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
