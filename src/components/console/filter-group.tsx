import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

/** The look of one choice in a row of filters; links (`aria-current`) and buttons (`aria-pressed`) share it. */
export function filterClasses(active: boolean, className?: string): string {
  return cn(
    'inline-flex h-8 shrink-0 items-center rounded-lg px-3 text-sm font-medium whitespace-nowrap ' +
      'transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 ' +
      'focus-visible:outline-indigo-600',
    active ? 'bg-white text-slate-900 shadow-sm ring-1 ring-slate-200' : 'text-slate-600 hover:text-slate-900',
    className,
  );
}

/** The tray the filters sit in. */
export const filterTray = 'flex gap-1 rounded-xl bg-slate-100 p-1 ring-1 ring-inset ring-slate-200/70';

interface FilterGroupProps<T extends string> {
  /** Names the group for screen readers. */
  label: string;
  options: { value: T; label: ReactNode }[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
  optionClassName?: string;
}

/** A row of toggle buttons narrowing a list to one kind of row. */
export function FilterGroup<T extends string>({
  label,
  options,
  value,
  onChange,
  className,
  optionClassName,
}: FilterGroupProps<T>) {
  return (
    <div role="group" aria-label={label} className={cn(filterTray, className)}>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={value === o.value}
          onClick={() => onChange(o.value)}
          className={filterClasses(value === o.value, optionClassName)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
