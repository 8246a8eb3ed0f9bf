'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { SkipLink } from '@/components/console/shell-parts';
import { ShieldIcon, SignOutIcon } from '@/components/icons';
import { LanguageSwitch } from '@/components/language-switch';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Wordmark } from '@/components/wordmark';

interface OperatorShellProps {
  signOut: () => Promise<void>;
  children: ReactNode;
}

const SECTIONS = [
  { href: '/operator', key: 'upstreams' },
  { href: '/operator/skills', key: 'skills' },
  { href: '/operator/outbox', key: 'outbox' },
  { href: '/operator/claims', key: 'claims' },
  { href: '/operator/usage', key: 'usage' },
  { href: '/operator/tenants', key: 'tenants' },
  { href: '/operator/audit', key: 'audit' },
  { href: '/operator/operators', key: 'operators' },
  { href: '/operator/account', key: 'account' },
] as const;

/** The operator area's frame: a slim top bar (Studio · Operator, language, sign out) and its sections over a wide page. */
export function OperatorShell({ signOut, children }: OperatorShellProps) {
  const t = useTranslations('operator');
  const pathname = usePathname();
  return (
    <div className="min-h-screen">
      <SkipLink target="main" />
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6">
          <div className="flex min-w-0 items-center gap-3">
            <Link
              href="/operator"
              className="shrink-0 rounded-md focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <Wordmark />
              <span className="sr-only"> {t('badge')}</span>
            </Link>
            <span aria-hidden="true" className="hidden h-5 w-px bg-slate-200 sm:block" />
            <span className="hidden items-center gap-1.5 rounded-full bg-slate-900 px-2.5 py-1 text-xs font-medium whitespace-nowrap text-white sm:inline-flex">
              <ShieldIcon className="size-3.5" />
              {t('badge')}
            </span>
          </div>
          <div className="flex shrink-0 items-center gap-2">
            <LanguageSwitch />
            <form action={signOut}>
              <button type="submit" className={buttonClasses('ghost', 'sm', 'px-2 sm:px-3')}>
                <SignOutIcon className="size-4" />
                <span className="sr-only sm:not-sr-only">{t('shell.signOut')}</span>
              </button>
            </form>
          </div>
        </div>
        <nav aria-label={t('shell.navigation')} className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-2 sm:px-4">
          {SECTIONS.map((s) => {
            const current =
              s.href === '/operator'
                ? pathname === s.href || pathname.startsWith('/operator/upstreams/')
                : pathname === s.href || pathname.startsWith(`${s.href}/`);
            return (
              <Link
                key={s.href}
                href={s.href}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  '-mb-px border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap focus-visible:outline-2 ' +
                    'focus-visible:-outline-offset-2 focus-visible:outline-indigo-600',
                  current
                    ? 'border-indigo-600 text-slate-900'
                    : 'border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-900',
                )}
              >
                {t(`shell.sections.${s.key}`)}
              </Link>
            );
          })}
        </nav>
      </header>
      <main id="main">{children}</main>
    </div>
  );
}
