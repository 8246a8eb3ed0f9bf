import Link from 'next/link';
import type { ReactNode } from 'react';
import { ShieldIcon } from '../icons';
import { SignOutIcon } from '../icons';
import { buttonClasses } from '../ui/button';
import { Wordmark } from '../wordmark';

interface OperatorShellProps {
  signOut: () => Promise<void>;
  children: ReactNode;
}

/** The operator area's frame: a slim top bar (Studio · Operator, sign out) over a wide page. */
export function OperatorShell({ signOut, children }: OperatorShellProps) {
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
      </header>
      <main id="main">{children}</main>
    </div>
  );
}
