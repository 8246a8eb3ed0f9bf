import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { ChevronDownIcon } from '@/components/icons';
import type { DocsGroup } from './catalogue/reference';
import { DocsHeader } from './docs-header';
import { DocsSearch } from './docs-search';
import { DocsToc } from './docs-toc';

/** A page of the reference: the top bar, the contents beside (in a fold on a phone), the search, the page. */
export function DocsShell({
  groups,
  current,
  children,
}: {
  groups: DocsGroup[];
  current?: string;
  children: ReactNode;
}) {
  const t = useTranslations('docs.toc');
  return (
    <div className="min-h-screen">
      <DocsHeader />
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:grid lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-10">
        <aside className="hidden lg:block">
          <div className="sticky top-14 max-h-[calc(100vh-3.5rem)] overflow-y-auto py-10">
            <DocsToc groups={groups} current={current} />
          </div>
        </aside>
        <main id="content" className="max-w-4xl min-w-0 py-10">
          <div className="mb-8">
            <DocsSearch />
          </div>
          <details className="group mb-8 rounded-xl bg-white shadow-sm ring-1 ring-slate-200/80 lg:hidden">
            <summary
              className={
                'flex cursor-pointer list-none items-center justify-between px-4 py-3 text-sm font-medium ' +
                'text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-600 ' +
                '[&::-webkit-details-marker]:hidden'
              }
            >
              {t('label')}
              <ChevronDownIcon className="size-4 text-slate-400 transition-transform group-open:rotate-180" />
            </summary>
            <div className="border-t border-slate-100 px-2 py-3">
              <DocsToc groups={groups} current={current} />
            </div>
          </details>
          {children}
        </main>
      </div>
    </div>
  );
}
