import type { ComponentProps } from 'react';
import { cn } from './cn';

/** The look every text control shares: a ringed white box, indigo when focused, rose when invalid. */
export const controlClasses = cn(
  'block w-full rounded-lg border-0 bg-white text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-400',
  'focus:ring-2 focus:ring-inset focus:ring-indigo-600 focus:outline-none',
  'aria-invalid:ring-rose-400 aria-invalid:focus:ring-rose-500',
  'disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500',
);

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(controlClasses, 'h-10 px-3', className)} {...props} />;
}
