import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { ReferenceObject, SchemaObject } from 'openapi3-ts/oas31';
import { DocsHeader } from '@/components/docs/docs-header';
import { DocsToc } from '@/components/docs/docs-toc';
import { EndpointView } from '@/components/docs/endpoint-view';
import { ChevronDownIcon } from '@/components/icons';
import { InlineText } from '@/components/docs/inline-text';
import { errorStatuses, groupByTag } from '@/components/docs/openapi-model';
import { AuthenticationSection, ErrorsSection, ReferenceIntro } from '@/components/docs/reference-intro';
import { schemaRows } from '@/components/docs/schema-rows';
import { openApiDocument } from '@/server/api/openapi';
import { getConfig } from '@/server/config';
import { TRPCProvider } from '@/trpc/react';
import { consoleSession } from '@/trpc/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('docs');
  return { title: t('metaTitle') };
}

// The base URL comes from the running server's configuration, not the build's.
export const dynamic = 'force-dynamic';

export default async function DocsPage() {
  const t = await getTranslations('docs.toc');
  const tx = await getTranslations('apiDocs');
  const baseUrl = getConfig().publicBaseUrl;
  const doc = openApiDocument(baseUrl);
  // Signed in to the console: each operation gets a "try it" form sending with the tenant's key.
  const signedIn = (await consoleSession()) !== null;
  const apiBase = doc.servers?.[0]?.url ?? '/api';
  const groups = groupByTag(doc);
  const schemes = Object.values(doc.components?.securitySchemes ?? {}).filter(
    (s): s is Exclude<typeof s, ReferenceObject> => !('$ref' in s),
  );
  const errorSchema: SchemaObject | ReferenceObject | undefined = doc.components?.schemas?.Error;
  const firstGet = groups.flatMap((g) => g.endpoints).find((e) => e.method === 'get');
  const sample = `curl -H "X-API-Key: $STUDIO_API_KEY" \\\n  ${apiBase}${firstGet?.path ?? '/balance'}`;

  return (
    <TRPCProvider>
      <div className="min-h-screen">
        <DocsHeader />

        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:grid lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-10">
          <aside className="hidden lg:block">
            <div className="sticky top-14 max-h-[calc(100vh-3.5rem)] overflow-y-auto py-10">
              <DocsToc groups={groups} />
            </div>
          </aside>

          <main id="content" className="max-w-4xl min-w-0 py-10">
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
                <DocsToc groups={groups} />
              </div>
            </details>

            <ReferenceIntro info={doc.info} apiBase={apiBase} sample={sample} />
            {!signedIn && <p className="mt-4 text-sm text-slate-500">{tx('signedOut')}</p>}
            <AuthenticationSection schemes={schemes} />
            <ErrorsSection rows={errorSchema ? schemaRows(doc, errorSchema) : []} statuses={errorStatuses(groups)} />

            {groups.map((group) => (
              <section
                key={group.id}
                id={group.id}
                className="mt-14 scroll-mt-20"
                aria-labelledby={`${group.id}-title`}
              >
                <h2 id={`${group.id}-title`} className="text-xl font-semibold tracking-tight text-slate-900">
                  {group.name}
                </h2>
                {group.description && (
                  <p className="mt-2 text-sm leading-6 text-slate-600">
                    <InlineText text={group.description} />
                  </p>
                )}
                <div className="mt-4 space-y-6">
                  {group.endpoints.map((endpoint) => (
                    <EndpointView
                      key={endpoint.id}
                      doc={doc}
                      endpoint={endpoint}
                      baseUrl={baseUrl}
                      signedIn={signedIn}
                    />
                  ))}
                </div>
              </section>
            ))}
          </main>
        </div>
      </div>
    </TRPCProvider>
  );
}
