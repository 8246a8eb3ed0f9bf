import type { TextareaHTMLAttributes } from 'react';
import { cn } from './cn';

export function Textarea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <textarea
      className={cn(
        'block w-full rounded-lg border-0 bg-white px-3 py-2.5 text-sm leading-6 text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-400',
        'focus:ring-2 focus:ring-inset focus:ring-indigo-600 focus:outline-none',
        'aria-invalid:ring-rose-400 aria-invalid:focus:ring-rose-500',
        'disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500',
        className,
      )}
      {...props}
    />
  );
}
