'use client';

import { useId, type ReactNode } from 'react';
import { cn } from './cn';

export interface SegmentOption<T extends string> {
  value: T;
  label: ReactNode;
  /** Accessible name when the label is not plain text. */
  ariaLabel?: string;
  hint?: string;
  disabled?: boolean;
}

interface SegmentedProps<T extends string> {
  /** Visible caption; the group is named by it. */
  legend: ReactNode;
  name: string;
  value: T;
  options: SegmentOption<T>[];
  onChange: (value: T) => void;
  className?: string;
  /** Extra text under the control, tied to the group for screen readers. */
  description?: ReactNode;
}

/**
 * A row of mutually exclusive choices built on native radio inputs, so arrow keys, focus and form
 * semantics come from the browser.
 */
export function Segmented<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  className,
  description,
}: SegmentedProps<T>) {
  const descriptionId = useId();
  return (
    <fieldset className={cn('min-w-0', className)} aria-describedby={description ? descriptionId : undefined}>
      <legend className="mb-1.5 block text-sm font-medium text-slate-700">{legend}</legend>
      <div className="flex w-full flex-wrap gap-1 rounded-xl bg-slate-100 p-1 ring-1 ring-inset ring-slate-200/70">
        {options.map((o) => (
          <label
            key={o.value}
            className={cn('relative min-w-0 flex-1', o.disabled ? 'cursor-not-allowed' : 'cursor-pointer')}
            title={o.hint}
          >
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              disabled={o.disabled}
              onChange={() => onChange(o.value)}
              aria-label={o.ariaLabel}
              // Transparent over the segment, so the input itself takes clicks and shows focus through its sibling.
              className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed"
            />
            <span
              className={cn(
                'flex h-9 items-center justify-center gap-1.5 rounded-lg px-2.5 text-sm font-medium whitespace-nowrap text-slate-600 transition-colors',
                'peer-checked:bg-white peer-checked:text-slate-900 peer-checked:shadow-sm peer-checked:ring-1 peer-checked:ring-slate-200',
                'peer-hover:text-slate-900 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-1 peer-focus-visible:outline-indigo-600',
                'peer-disabled:text-slate-400 peer-disabled:hover:text-slate-400',
              )}
            >
              {o.label}
            </span>
          </label>
        ))}
      </div>
      {description && (
        <div id={descriptionId} className="mt-1.5 text-xs text-slate-500">
          {description}
        </div>
      )}
    </fieldset>
  );
}
