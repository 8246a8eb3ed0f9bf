'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { ReactNode } from 'react';
import { ShieldIcon } from '../icons';
import { SignOutIcon } from '../icons';
import { buttonClasses } from '../ui/button';
import { cn } from '../ui/cn';
import { Wordmark } from '../wordmark';

interface OperatorShellProps {
  signOut: () => Promise<void>;
  children: ReactNode;
}

const SECTIONS = [
  { href: '/operator', label: 'Upstreams' },
  { href: '/operator/skills', label: 'Skills' },
  { href: '/operator/outbox', label: 'Outbox' },
];

/** The operator area's frame: a slim top bar (Studio · Operator, sign out) and its sections over a wide page. */
export function OperatorShell({ signOut, children }: OperatorShellProps) {
  const pathname = usePathname();
  return (
    <div className="min-h-screen">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:shadow"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
          <div className="flex min-w-0 items-center gap-3">
            <Link href="/operator" className="rounded-md focus-visible:outline-2 focus-visible:outline-indigo-600">
              <Wordmark />
              <span className="sr-only"> Operator</span>
            </Link>
            <span aria-hidden="true" className="h-5 w-px bg-slate-200" />
            <span className="inline-flex items-center gap-1.5 rounded-full bg-slate-900 px-2.5 py-1 text-xs font-medium text-white">
              <ShieldIcon className="size-3.5" />
              Operator
            </span>
          </div>
          <form action={signOut}>
            <button type="submit" className={buttonClasses('ghost', 'sm')}>
              <SignOutIcon className="size-4" />
              Sign out
            </button>
          </form>
        </div>
        <nav aria-label="Operator" className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-2 sm:px-4">
          {SECTIONS.map((s) => {
            const current = s.href === '/operator' ? pathname === s.href : pathname === s.href || pathname.startsWith(`${s.href}/`);
            return (
              <Link
                key={s.href}
                href={s.href}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  '-mb-px border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600',
                  current ? 'border-indigo-600 text-slate-900' : 'border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-900',
                )}
              >
                {s.label}
              </Link>
            );
          })}
        </nav>
      </header>
      <main id="main">{children}</main>
    </div>
  );
}
