import { useTranslations } from 'next-intl';
import type { DocsGroup } from './catalogue/reference';
import { MethodBadge } from './method-badge';

/**
 * The reference's contents: the introduction's sections, then every group page; the group being read lists its
 * operations.
 */
export function DocsToc({ groups, current }: { groups: DocsGroup[]; current?: string }) {
  const t = useTranslations('docs.toc');
  return (
    <nav aria-label={t('label')} className="text-sm">
      <TocHeading href="/docs">{t('intro')}</TocHeading>
      <ul className="mb-6 space-y-1">
        <TocLink href="/docs#authentication">{t('authentication')}</TocLink>
        <TocLink href="/docs#errors">{t('errors')}</TocLink>
      </ul>
      <TocHeading>{t('groups')}</TocHeading>
      <ul className="space-y-1">
        {groups.map((group) => (
          <li key={group.slug}>
            <a
              href={`/docs/${group.slug}`}
              aria-current={group.slug === current ? 'page' : undefined}
              className={'docs-nav-link block' + (group.slug === current ? ' font-semibold text-slate-900' : '')}
            >
              {group.title}
            </a>
            {group.slug === current && (
              <ul className="mt-1 mb-2 space-y-0.5 border-l border-slate-200 pl-2">
                {group.endpoints.map((e) => (
                  <li key={e.id}>
                    <a href={`#${e.id}`} className="docs-nav-link flex items-center gap-2">
                      <MethodBadge method={e.method} className="w-11 text-[10px]" />
                      <span className="truncate font-mono text-xs">{e.path}</span>
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

function TocHeading({ children, href }: { children: string; href?: string }) {
  const className = 'mb-1.5 block px-2 text-[11px] font-semibold tracking-wide text-slate-600 uppercase';
  return href ? (
    <a href={href} className={`${className} hover:text-slate-900`}>
      {children}
    </a>
  ) : (
    <p className={className}>{children}</p>
  );
}

function TocLink({ href, children }: { href: string; children: string }) {
  return (
    <li>
      <a href={href} className="docs-nav-link block">
        {children}
      </a>
    </li>
  );
}
