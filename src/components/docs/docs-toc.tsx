import { useTranslations } from 'next-intl';
import { MethodBadge } from './method-badge';
import type { TagGroup } from './openapi-model';

/** The reference's table of contents: the introduction, then each group with its endpoints. */
export function DocsToc({ groups }: { groups: TagGroup[] }) {
  const t = useTranslations('docs.toc');
  return (
    <nav aria-label={t('label')} className="text-sm">
      <TocHeading>{t('intro')}</TocHeading>
      <ul className="mb-6 space-y-1">
        <TocLink href="#authentication">{t('authentication')}</TocLink>
        <TocLink href="#errors">{t('errors')}</TocLink>
      </ul>
      {groups.map((group) => (
        <div key={group.id} className="mb-6">
          <TocHeading href={`#${group.id}`}>{group.name}</TocHeading>
          <ul className="space-y-1">
            {group.endpoints.map((e) => (
              <li key={e.id}>
                <a
                  href={`#${e.id}`}
                  className={
                    'flex items-center gap-2 rounded-md px-2 py-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900 ' +
                    'focus-visible:outline-2 focus-visible:outline-indigo-600'
                  }
                >
                  <MethodBadge method={e.method} className="w-11 text-[10px]" />
                  <span className="truncate font-mono text-xs">{e.path}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

function TocHeading({ children, href }: { children: string; href?: string }) {
  const className = 'mb-1.5 block px-2 text-[11px] font-semibold tracking-wide text-slate-400 uppercase';
  return href ? (
    <a href={href} className={`${className} hover:text-slate-600`}>
      {children}
    </a>
  ) : (
    <p className={className}>{children}</p>
  );
}

function TocLink({ href, children }: { href: string; children: string }) {
  return (
    <li>
      <a
        href={href}
        className="block rounded-md px-2 py-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        {children}
      </a>
    </li>
  );
}
