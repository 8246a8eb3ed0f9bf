import { useTranslations } from 'next-intl';
import type { DocsGroup } from './catalogue/reference';
import { MethodBadge } from './method-badge';

/** The path as a caller writes it. */
const apiPath = (path: string) => `/api${path}`;

/** The index's list of group pages, each with its operations linking to their place on the page. */
export function GroupOverview({ groups }: { groups: DocsGroup[] }) {
  const t = useTranslations('docs.groups');
  return (
    <section id="groups" className="mt-14 scroll-mt-20" aria-labelledby="groups-title">
      <h2 id="groups-title" className="text-xl font-semibold tracking-tight text-slate-900">
        {t('title')}
      </h2>
      <p className="mt-2 text-sm leading-6 text-slate-600">{t('body')}</p>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        {groups.map((group) => (
          <section key={group.slug} className="rounded-xl bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200/80">
            <h3 className="text-base font-semibold text-slate-900">
              <a href={`/docs/${group.slug}`} className="hover:text-indigo-600">
                {group.title}
              </a>
            </h3>
            <ul className="mt-2 space-y-1.5">
              {group.endpoints.map((e) => (
                <li key={e.id}>
                  <a href={`/docs/${group.slug}#${e.id}`} className="group/op block rounded-md text-sm">
                    <span className="flex min-w-0 items-center gap-2">
                      <MethodBadge method={e.method} className="w-11 text-[10px]" />
                      <code className="truncate font-mono text-xs text-slate-600">{apiPath(e.path)}</code>
                    </span>
                    <span className="mt-0.5 block text-slate-700 group-hover/op:text-indigo-600">{e.op.summary}</span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </section>
  );
}
