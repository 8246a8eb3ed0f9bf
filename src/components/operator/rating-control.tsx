'use client';

import { useTranslations } from 'next-intl';
import { useRef, type KeyboardEvent } from 'react';
import { StarIcon } from '@/components/icons';
import { cn } from '@/components/ui/cn';

interface RatingControlProps {
  value: number;
  onChange: (value: number) => void;
  /** Accessible name of the group, e.g. "Rating of sim-image-a". */
  label: string;
  disabled?: boolean;
}

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * 0-5 stars as a radio group: one tab stop, arrow keys move the value, 0 is "no stars"
 * (Left from one star, or Home).
 */
export function RatingControl({ value, onChange, label, disabled }: RatingControlProps) {
  const t = useTranslations('operator.upstreams.stars');
  const group = useRef<HTMLDivElement>(null);
  const rounded = Math.round(value);

  function set(next: number) {
    const v = Math.max(0, Math.min(5, next));
    if (v !== rounded) onChange(v);
    // Keep focus on the star that now carries the value, as a radio group does.
    requestAnimationFrame(() => group.current?.querySelector<HTMLElement>(`[data-star="${Math.max(1, v)}"]`)?.focus());
  }

  function onKey(e: KeyboardEvent) {
    const moves: Record<string, number> = {
      ArrowRight: rounded + 1,
      ArrowUp: rounded + 1,
      ArrowLeft: rounded - 1,
      ArrowDown: rounded - 1,
      Home: 0,
      End: 5,
    };
    const next = moves[e.key];
    if (next === undefined) return;
    e.preventDefault();
    set(next);
  }

  return (
    <div className="flex items-center gap-1.5">
      <div
        ref={group}
        role="radiogroup"
        aria-label={label}
        aria-disabled={disabled || undefined}
        onKeyDown={disabled ? undefined : onKey}
        className="flex"
      >
        {STARS.map((n) => (
          <button
            key={n}
            type="button"
            role="radio"
            data-star={n}
            aria-checked={rounded === n}
            aria-label={t('star', { n })}
            tabIndex={rounded === n || (rounded === 0 && n === 1) ? 0 : -1}
            disabled={disabled}
            onClick={() => set(n)}
            className="rounded p-0.5 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed"
          >
            <StarIcon
              className={cn(
                'size-4 transition-colors',
                n <= rounded ? 'text-amber-400' : 'text-slate-200 hover:text-amber-200',
              )}
            />
          </button>
        ))}
      </div>
      <span className="w-6 text-xs text-slate-500 tabular-nums" title={t('value', { value })}>
        {Number.isInteger(value) ? value : value.toFixed(1)}
      </span>
    </div>
  );
}
