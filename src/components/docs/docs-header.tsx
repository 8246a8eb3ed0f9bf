import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { ExternalIcon } from '@/components/icons';
import { LanguageSwitch } from '@/components/language-switch';
import { buttonClasses } from '@/components/ui/button';
import { HomeLink, SkipLink } from '@/components/console/shell-parts';

/** The reference's top bar: Studio, the page's name, the language, the OpenAPI document and the way back to the console. */
export function DocsHeader() {
  const t = useTranslations('docs.header');
  return (
    <>
      <SkipLink target="content" />
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
          <div className="flex min-w-0 items-center gap-3">
            <HomeLink />
            <span aria-hidden="true" className="hidden h-5 w-px bg-slate-200 sm:block" />
            <span className="hidden truncate text-sm font-medium text-slate-600 sm:block">{t('title')}</span>
          </div>
          <nav aria-label={t('navigation')} className="flex items-center gap-1 sm:gap-2">
            {/* On a phone the bar has no room for it; the page follows the browser's language there. */}
            <LanguageSwitch className="mr-1 hidden sm:inline-flex" />
            <a href="/api/openapi.json" className={buttonClasses('ghost', 'sm', 'whitespace-nowrap')}>
              {t('openapi')}
              <ExternalIcon className="size-3.5" />
            </a>
            <Link href="/overview" className={buttonClasses('secondary', 'sm')}>
              {t('console')}
            </Link>
          </nav>
        </div>
      </header>
    </>
  );
}
