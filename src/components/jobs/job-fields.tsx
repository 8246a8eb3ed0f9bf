import type { ReactNode } from 'react';

/** One line of a job's details: a label and what it says. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[6.5rem_minmax(0,1fr)] gap-3 px-5 py-3 sm:px-6">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 text-slate-800">{children}</dd>
    </div>
  );
}

export const Muted = ({ children }: { children: ReactNode }) => <span className="text-slate-500">{children}</span>;
