import type { ReactNode } from 'react';

interface DetailHeaderProps {
  /** What the page is, above the title ("Edit template", "New skill"). */
  eyebrow: ReactNode;
  title: ReactNode;
  /** Under the title: badges, the slug, a note. */
  children?: ReactNode;
  /** Buttons or links at the end of the header. */
  actions?: ReactNode;
}

/** The top of an editor or a detail page (templates and skills): the item's name as the page's one h1. */
export function DetailHeader({ eyebrow, title, children, actions }: DetailHeaderProps) {
  return (
    <header className="flex flex-wrap items-start justify-between gap-4">
      <div className="min-w-0 flex-1 basis-72">
        <p className="text-sm font-medium text-indigo-600">{eyebrow}</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight break-words text-slate-900 sm:text-3xl">{title}</h1>
        {children}
      </div>
      {actions}
    </header>
  );
}
