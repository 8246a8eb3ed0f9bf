'use client';

import { useTranslations } from 'next-intl';
import { useState, type ComponentType, type HTMLAttributes, type ReactNode, type Ref, type SVGProps } from 'react';
import { CloseIcon } from '@/components/icons';
import { cn } from '@/components/ui/cn';
import { CopyButton } from '@/components/ui/copy-button';
import { maskKey } from './model';

/** A member's key, masked until revealed, with a copy button that always copies the whole key. */
export function KeyField({ apiKey, owner, className }: { apiKey: string; owner: string; className?: string }) {
  const [shown, setShown] = useState(false);
  const t = useTranslations('members.key');
  if (!apiKey) return <p className={cn('text-sm text-slate-500', className)}>{t('none')}</p>;
  return (
    <div className={cn('flex min-w-0 items-center gap-1.5', className)}>
      <code
        className={cn(
          'min-w-0 flex-1 rounded-md bg-slate-50 px-2 py-1 font-mono text-xs text-slate-700 ring-1 ring-inset ring-slate-200/70',
          shown ? 'break-all' : 'truncate',
        )}
        data-testid="member-key"
        aria-label={shown ? t('keyOf', { owner }) : t('keyOfHidden', { owner })}
      >
        {shown ? apiKey : maskKey(apiKey)}
      </code>
      <button
        type="button"
        onClick={() => setShown((s) => !s)}
        aria-pressed={shown}
        aria-label={shown ? t('hideKeyOf', { owner }) : t('showKeyOf', { owner })}
        className={
          'inline-flex h-7 shrink-0 items-center gap-1.5 rounded-md px-2 text-xs font-medium text-slate-500 ' +
          'ring-1 ring-inset ring-slate-200 transition-colors hover:bg-slate-50 hover:text-slate-800 ' +
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500'
        }
      >
        {shown ? <EyeOffGlyph className="size-3.5" /> : <EyeGlyph className="size-3.5" />}
        <span aria-hidden="true">{shown ? t('hide') : t('show')}</span>
      </button>
      <CopyButton value={apiKey} label={t('copyKeyOf', { owner })} className="shrink-0" />
    </div>
  );
}

/** A key shown once, in full, right after it was issued. */
export function FreshKey({ apiKey, label }: { apiKey: string; label: string }) {
  return (
    <div className="flex min-w-0 items-start gap-2 rounded-lg bg-white px-3 py-2 ring-1 ring-inset ring-emerald-200">
      <code
        className="min-w-0 flex-1 self-center font-mono text-xs leading-5 break-all text-slate-900"
        data-testid="fresh-key"
      >
        {apiKey}
      </code>
      <CopyButton value={apiKey} label={label} className="shrink-0 bg-white" />
    </div>
  );
}

interface KeyNoticeProps extends HTMLAttributes<HTMLDivElement> {
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  message: ReactNode;
  apiKey: string;
  /** Names the copy button: "Copy {copyLabel}". */
  copyLabel: string;
  /** A line above the key. */
  caption?: string;
  onDismiss: () => void;
  ref?: Ref<HTMLDivElement>;
}

/** A green notice that hands over a key just issued, until dismissed. */
export function KeyNotice({
  icon: Icon,
  message,
  apiKey,
  copyLabel,
  caption,
  onDismiss,
  className,
  ...props
}: KeyNoticeProps) {
  const t = useTranslations('members.key');
  return (
    <div
      role="status"
      className={cn('rounded-xl bg-emerald-50 p-3.5 ring-1 ring-inset ring-emerald-200', className)}
      {...props}
    >
      <div className="flex items-start gap-2">
        <Icon className="mt-0.5 size-4 shrink-0 text-emerald-600" />
        <p className="min-w-0 flex-1 text-sm break-words text-emerald-900">{message}</p>
        <button
          type="button"
          onClick={onDismiss}
          className={
            '-my-1 grid size-7 shrink-0 place-items-center rounded-md text-emerald-700 hover:bg-emerald-100 ' +
            'focus-visible:outline-2 focus-visible:outline-emerald-600'
          }
        >
          <CloseIcon className="size-4" />
          <span className="sr-only">{t('dismiss')}</span>
        </button>
      </div>
      {caption ? (
        <div className="space-y-1.5">
          <p className="text-xs font-medium text-emerald-900">{caption}</p>
          <FreshKey apiKey={apiKey} label={copyLabel} />
        </div>
      ) : (
        <FreshKey apiKey={apiKey} label={copyLabel} />
      )}
    </div>
  );
}

type GlyphProps = { className?: string };

function EyeGlyph({ className }: GlyphProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
    >
      <path d="M2.5 12s3.5-6.5 9.5-6.5 9.5 6.5 9.5 6.5-3.5 6.5-9.5 6.5S2.5 12 2.5 12Z" />
      <circle cx="12" cy="12" r="2.75" />
    </svg>
  );
}

function EyeOffGlyph({ className }: GlyphProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
    >
      <path
        d={
          'M4 4l16 16M9.9 5.8A9.7 9.7 0 0 1 12 5.5c6 0 9.5 6.5 9.5 6.5a17 17 0 0 1-2.9 3.7M6.3 7.5A16.5 16.5 0 ' +
          '0 0 2.5 12s3.5 6.5 9.5 6.5a9.6 9.6 0 0 0 4.4-1.1'
        }
      />
      <path d="M10 10.2a2.75 2.75 0 0 0 3.8 3.8" />
    </svg>
  );
}
