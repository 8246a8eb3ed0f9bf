import Link from 'next/link';
import type { ReactNode } from 'react';
import { Wordmark } from '@/components/wordmark';

export interface ErrorLink {
  href: string;
  label: string;
}

/**
 * The page a visitor meets when something is missing or broke: the brand, what happened in their
 * language, and ways back (links, or an action such as "try again").
 */
export function ErrorCard({
  code,
  title,
  body,
  links,
  action,
}: {
  code: string;
  title: string;
  body: string;
  links: ErrorLink[];
  action?: ReactNode;
}) {
  return (
    <main className="grid min-h-screen place-items-center bg-linear-to-b from-indigo-50 to-slate-50 px-4 py-12">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <Wordmark className="justify-center" />
        <p className="mt-8 text-sm font-semibold tracking-widest text-indigo-600">{code}</p>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-3 text-sm leading-6 text-slate-600">{body}</p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
          {action}
          {links.map((link, i) => (
            <Link
              key={link.href}
              href={link.href}
              className={
                i === 0 && !action
                  ? 'rounded-lg bg-indigo-600 px-4 py-2.5 text-sm font-medium text-white shadow-sm hover:bg-indigo-500 ' +
                    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600'
                  : 'rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-medium text-slate-700 ' +
                    'hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 ' +
                    'focus-visible:outline-indigo-600'
              }
            >
              {link.label}
            </Link>
          ))}
        </div>
      </div>
    </main>
  );
}
