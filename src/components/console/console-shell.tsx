'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useState, type ReactNode } from 'react';
import { signOutAction } from '@/app/(console)/actions';
import { CloseIcon, MenuIcon, SignOutIcon } from '@/components/icons';
import { LanguageSwitch } from '@/components/language-switch';
import { cn } from '@/components/ui/cn';
import { SimulatedBanner } from './simulated-banner';
import { navGroups, type NavGroup as NavGroupType, type NavItem } from './nav-items';
import { HomeLink, SkipLink } from './shell-parts';
import { PersonalAccountProvider } from './personal-account';

interface ShellProps {
  tenantName: string;
  email: string;
  /** The bundled simulator serves requests: say so above every page. */
  simulated?: boolean;
  /** A buyer's platform account (opened by a claim code): the navigation lists only what it can use. */
  personal?: boolean;
  children: ReactNode;
}

/** The console frame: a sidebar on large screens, a top bar with a drop-down menu on small ones. */
export function ConsoleShell({ tenantName, email, simulated = false, personal = false, children }: ShellProps) {
  const t = useTranslations('shell');
  const pathname = usePathname();
  // The phone menu is open on the page it was opened on: following a link closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpenOn(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <div className="min-h-screen lg:flex">
      <SkipLink target="main" />

      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur lg:hidden">
        <div className="flex h-14 items-center justify-between gap-3 px-4">
          <HomeLink />
          <div className="flex min-w-0 items-center gap-2">
            <span className="truncate text-sm font-medium text-slate-700">{tenantName}</span>
            <button
              type="button"
              onClick={() => setOpenOn(menuOpen ? null : pathname)}
              aria-expanded={menuOpen}
              aria-controls="console-menu"
              className={
                'grid size-9 shrink-0 place-items-center rounded-lg text-slate-600 hover:bg-slate-100 ' +
                'focus-visible:outline-2 focus-visible:outline-indigo-600'
              }
            >
              <span className="sr-only">{menuOpen ? t('closeMenu') : t('openMenu')}</span>
              {menuOpen ? <CloseIcon className="size-5" /> : <MenuIcon className="size-5" />}
            </button>
          </div>
        </div>
        {menuOpen && (
          <div
            id="console-menu"
            className="max-h-[calc(100dvh-3.5rem)] overflow-y-auto border-t border-slate-100 px-3 pt-3 pb-4 shadow-lg"
          >
            <Navigation pathname={pathname} personal={personal} />
            <LanguageSwitch className="mt-4 ml-2.5" />
            <AccountFooter email={email} personal={personal} className="mt-4" />
          </div>
        )}
      </header>

      <aside className="hidden lg:sticky lg:top-0 lg:flex lg:h-screen lg:w-64 lg:shrink-0 lg:flex-col lg:border-r lg:border-slate-200 lg:bg-white">
        <div className="px-5 pt-5">
          <div className="flex items-center justify-between gap-2">
            <HomeLink className="inline-block" />
            <LanguageSwitch />
          </div>
          <div className="mt-5 rounded-xl bg-slate-50 px-3 py-2.5 ring-1 ring-inset ring-slate-200/70">
            <p className="text-[11px] font-medium tracking-wide text-slate-500 uppercase">
              {personal ? t('account') : t('workspace')}
            </p>
            <p className="mt-0.5 truncate text-sm font-semibold text-slate-900" title={tenantName}>
              {tenantName}
            </p>
          </div>
        </div>
        <div className="mt-4 min-h-0 flex-1 overflow-y-auto px-3 pb-3">
          <Navigation pathname={pathname} personal={personal} />
        </div>
        <AccountFooter email={email} personal={personal} className="border-t border-slate-200 px-3 py-3" />
      </aside>

      <main id="main" className="min-w-0 flex-1">
        {simulated && <SimulatedBanner audience={personal ? 'buyer' : 'tenant'} />}
        <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-10 lg:py-10">
          <PersonalAccountProvider value={personal}>{children}</PersonalAccountProvider>
        </div>
      </main>
    </div>
  );
}

function Navigation({ pathname, personal }: { pathname: string; personal: boolean }) {
  const t = useTranslations('shell');
  return (
    <nav aria-label={t('navigation')} className="space-y-5">
      {navGroups(personal).map((group, i) => (
        <NavGroup key={group.title ?? i} title={group.title} items={group.items} pathname={pathname} />
      ))}
    </nav>
  );
}

function NavGroup({ title, items, pathname }: NavGroupType & { pathname: string }) {
  const t = useTranslations('shell.groups');
  return (
    <div>
      {title && (
        <p className="mb-1 px-2.5 text-[11px] font-semibold tracking-wide text-slate-500 uppercase">{t(title)}</p>
      )}
      <ul className="space-y-0.5">
        {items.map((item) => (
          <li key={item.label}>
            <NavEntry item={item} active={item.href !== undefined && pathname.startsWith(item.href)} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function NavEntry({ item, active }: { item: NavItem; active: boolean }) {
  const t = useTranslations('shell');
  const Icon = item.icon;
  const row = 'flex h-9 items-center gap-2.5 rounded-lg px-2.5 text-sm font-medium';
  if (!item.href) {
    return (
      <span aria-disabled="true" className={cn(row, 'cursor-default text-slate-400')}>
        <Icon className="size-[18px] shrink-0 text-slate-300" />
        <span className="flex-1">{t(`nav.${item.label}`)}</span>
        <span className="rounded-full bg-slate-100 px-1.5 py-px text-[10px] font-semibold tracking-wide text-slate-600 uppercase">
          {t('soon')}
        </span>
      </span>
    );
  }
  return (
    <Link
      href={item.href}
      aria-current={active ? 'page' : undefined}
      className={cn(
        row,
        'transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600',
        active ? 'bg-indigo-50 text-indigo-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
      )}
    >
      <Icon className={cn('size-[18px] shrink-0', active ? 'text-indigo-600' : 'text-slate-400')} />
      {t(`nav.${item.label}`)}
    </Link>
  );
}

function AccountFooter({ email, personal, className }: { email: string; personal: boolean; className?: string }) {
  const t = useTranslations('shell');
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <span
        aria-hidden="true"
        className="grid size-8 shrink-0 place-items-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-700 uppercase"
      >
        {email.slice(0, 1) || '?'}
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-800" title={email}>
          {email}
        </p>
        <p className="text-xs text-slate-500">{personal ? t('personal') : t('tenantAdmin')}</p>
      </div>
      <form action={signOutAction}>
        <button
          type="submit"
          title={t('signOut')}
          className={
            'grid size-8 place-items-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 ' +
            'focus-visible:outline-2 focus-visible:outline-indigo-600'
          }
        >
          <SignOutIcon className="size-[18px]" />
          <span className="sr-only">{t('signOut')}</span>
        </button>
      </form>
    </div>
  );
}
