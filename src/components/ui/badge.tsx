import type { HTMLAttributes } from 'react';
import { cn } from './cn';

type Tone = 'slate' | 'indigo' | 'emerald' | 'amber' | 'rose' | 'sky';

const tones: Record<Tone, string> = {
  slate: 'bg-slate-100 text-slate-600 ring-slate-500/15',
  indigo: 'bg-indigo-50 text-indigo-700 ring-indigo-600/20',
  emerald: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  amber: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  rose: 'bg-rose-50 text-rose-700 ring-rose-600/20',
  sky: 'bg-sky-50 text-sky-700 ring-sky-600/20',
};

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: Tone;
}

export function Badge({ tone = 'slate', className, ...props }: BadgeProps) {
  return <span className={cn('badge', tones[tone], className)} {...props} />;
}
