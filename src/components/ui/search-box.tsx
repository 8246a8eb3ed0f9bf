'use client';

import { useId, type Ref } from 'react';
import { SearchIcon } from '@/components/icons';
import { cn } from './cn';

interface SearchBoxProps {
  /** The input's accessible name (not shown). */
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  className?: string;
  /** The input's frame: by default a ring of its own; inside a framed list, none. */
  inputClassName?: string;
  inputRef?: Ref<HTMLInputElement>;
}

const FRAMED = 'rounded-lg shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600';

/** A search input with the magnifier inside it, named for screen readers by `label`. */
export function SearchBox({
  label,
  value,
  onChange,
  placeholder,
  className,
  inputClassName = FRAMED,
  inputRef,
}: SearchBoxProps) {
  const id = useId();
  return (
    <div className={cn('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
      <input
        ref={inputRef}
        id={id}
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        className={cn(
          'block h-10 w-full border-0 bg-white pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-400 focus:outline-none',
          inputClassName,
        )}
      />
    </div>
  );
}
