import type { ReactNode } from 'react';

interface PageHeaderProps {
  /** The area, above the title. */
  eyebrow: string;
  title: ReactNode;
  description?: ReactNode;
  /** A button or link at the end of the header. */
  action?: ReactNode;
}

/** The top of a console page: its area, its one h1 and a sentence on what it is for. */
export function PageHeader({ eyebrow, title, description, action }: PageHeaderProps) {
  return (
    <header className={action ? 'flex flex-wrap items-end justify-between gap-4' : undefined}>
      <div className="min-w-0">
        <p className="text-sm font-medium text-indigo-600">{eyebrow}</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight text-balance break-words text-slate-900 sm:text-3xl">
          {title}
        </h1>
        {description && <p className="mt-2 max-w-2xl text-sm text-pretty text-slate-500">{description}</p>}
      </div>
      {action}
    </header>
  );
}
