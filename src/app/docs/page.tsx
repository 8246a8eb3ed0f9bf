import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReferenceObject, SchemaObject } from 'openapi3-ts/oas31';
import { EndpointView, FieldList, MethodBadge } from '@/components/docs/endpoint-view';
import { InlineText } from '@/components/docs/inline-text';
import { errorStatuses, groupByTag, schemeHeader, type TagGroup } from '@/components/docs/openapi-model';
import { schemaRows } from '@/components/docs/schema-rows';
import { ExternalIcon } from '@/components/icons';
import { Badge, buttonClasses, CodeBlock, CopyButton } from '@/components/ui';
import { Wordmark } from '@/components/wordmark';
import { openApiDocument } from '@/server/api/openapi';
import { getConfig } from '@/server/config';

export const metadata: Metadata = { title: 'API reference' };

// The base URL comes from the running server's configuration, not the build's.
export const dynamic = 'force-dynamic';

const ERROR_EXAMPLE = `{
  "ok": false,
  "error": "Missing API key: send it in the X-API-Key header or as Authorization: Bearer <key>",
  "code": "UNAUTHORIZED"
}`;

export default function DocsPage() {
  const doc = openApiDocument(getConfig().publicBaseUrl);
  const apiBase = doc.servers?.[0]?.url ?? '/api';
  const groups = groupByTag(doc);
  const schemes = Object.values(doc.components?.securitySchemes ?? {}).filter(
    (s): s is Exclude<typeof s, ReferenceObject> => !('$ref' in s),
  );
  const errorSchema: SchemaObject | ReferenceObject | undefined = doc.components?.schemas?.Error;
  const errorRows = errorSchema ? schemaRows(doc, errorSchema) : [];
  const statuses = errorStatuses(groups);
  const firstGet = groups.flatMap((g) => g.endpoints).find((e) => e.method === 'get');
  const sample = `curl -H "X-API-Key: $STUDIO_KEY" \\\n  ${apiBase}${firstGet?.path ?? '/balance'}`;

  return (
    <div className="min-h-screen">
      <a
        href="#content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:shadow"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
          <div className="flex min-w-0 items-center gap-3">
            <Link href="/overview" className="rounded-md focus-visible:outline-2 focus-visible:outline-indigo-600">
              <Wordmark />
            </Link>
            <span aria-hidden="true" className="hidden h-5 w-px bg-slate-200 sm:block" />
            <span className="hidden truncate text-sm font-medium text-slate-600 sm:block">API reference</span>
          </div>
          <nav aria-label="Reference" className="flex items-center gap-1 sm:gap-2">
            <a href="/api/openapi.json" className={buttonClasses('ghost', 'sm', 'whitespace-nowrap')}>
              OpenAPI JSON
              <ExternalIcon className="size-3.5" />
            </a>
            <Link href="/overview" className={buttonClasses('secondary', 'sm')}>
              Console
            </Link>
          </nav>
        </div>
      </header>

      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:grid lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-10">
        <aside className="hidden lg:block">
          <div className="sticky top-14 max-h-[calc(100vh-3.5rem)] overflow-y-auto py-10">
            <Toc groups={groups} />
          </div>
        </aside>

        <main id="content" className="min-w-0 max-w-4xl py-10">
          <details className="group mb-8 rounded-xl bg-white shadow-sm ring-1 ring-slate-200/80 lg:hidden">
            <summary className="flex cursor-pointer list-none items-center justify-between px-4 py-3 text-sm font-medium text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-600 [&::-webkit-details-marker]:hidden">
              On this page
              <span aria-hidden="true" className="text-slate-400 transition-transform group-open:rotate-180">
                ▾
              </span>
            </summary>
            <div className="border-t border-slate-100 px-2 py-3">
              <Toc groups={groups} />
            </div>
          </details>
          <section>
            <div className="flex items-center gap-2">
              <p className="text-sm font-medium text-indigo-600">{doc.info.title}</p>
              <Badge tone="slate">v{doc.info.version}</Badge>
            </div>
            <h1 className="mt-2 text-3xl font-semibold tracking-tight text-slate-900">API reference</h1>
            {doc.info.description && (
              <p className="mt-3 text-base leading-7 text-slate-600">
                <InlineText text={doc.info.description} />
              </p>
            )}
            <div className="mt-6 flex flex-wrap items-center gap-3 rounded-xl bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200/80">
              <span className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Base URL</span>
              <code className="min-w-0 flex-1 font-mono text-sm break-all text-slate-900">{apiBase}</code>
              <CopyButton value={apiBase} label="base URL" />
            </div>
            <CodeBlock code={sample} title="Try it" copyLabel="example request" className="mt-4" />
          </section>

          <section id="authentication" className="mt-14 scroll-mt-20">
            <h2 className="text-xl font-semibold tracking-tight text-slate-900">Authentication</h2>
            <p className="mt-2 text-sm leading-6 text-slate-600">
              Send your key with every request, in either of these headers. Tenant keys act for the whole tenant, member keys for
              one member, and the super-administrator key only for operator actions.
            </p>
            <ul className="mt-4 space-y-3">
              {schemes.map((scheme) => (
                <li key={schemeHeader(scheme)} className="rounded-xl bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200/80">
                  <code className="font-mono text-sm font-semibold text-slate-900">{schemeHeader(scheme)}</code>
                  {scheme.description && <p className="mt-1 text-sm text-slate-500">{scheme.description}</p>}
                </li>
              ))}
            </ul>
          </section>

          <section id="errors" className="mt-14 scroll-mt-20">
            <h2 className="text-xl font-semibold tracking-tight text-slate-900">Errors</h2>
            <p className="mt-2 text-sm leading-6 text-slate-600">
              Every failed request answers with an HTTP error status and the same JSON body. Branch on{' '}
              <code className="inline-code">code</code>; the <code className="inline-code">error</code> text is written for people
              and may change.
            </p>
            <FieldList rows={errorRows} />
            <CodeBlock code={ERROR_EXAMPLE} title="Example · 401" className="mt-4" />
            {statuses.length > 0 && (
              <dl className="mt-4 grid gap-x-6 gap-y-2 rounded-xl bg-white px-4 py-3 text-sm shadow-sm ring-1 ring-slate-200/80 sm:grid-cols-2">
                {statuses.map((s) => (
                  <div key={s.status} className="flex gap-3">
                    <dt className="w-10 shrink-0 font-mono font-semibold text-rose-600">{s.status}</dt>
                    <dd className="text-slate-600">{s.description}</dd>
                  </div>
                ))}
              </dl>
            )}
          </section>

          {groups.map((group) => (
            <section key={group.id} id={group.id} className="mt-14 scroll-mt-20" aria-labelledby={`${group.id}-title`}>
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
                  <EndpointView key={endpoint.id} doc={doc} endpoint={endpoint} />
                ))}
              </div>
            </section>
          ))}
        </main>
      </div>
    </div>
  );
}

function Toc({ groups }: { groups: TagGroup[] }) {
  return (
    <nav aria-label="On this page" className="text-sm">
      <TocHeading>Introduction</TocHeading>
      <ul className="mb-6 space-y-1">
        <TocLink href="#authentication">Authentication</TocLink>
        <TocLink href="#errors">Errors</TocLink>
      </ul>
      {groups.map((group) => (
        <div key={group.id} className="mb-6">
          <TocHeading href={`#${group.id}`}>{group.name}</TocHeading>
          <ul className="space-y-1">
            {group.endpoints.map((e) => (
              <li key={e.id}>
                <a
                  href={`#${e.id}`}
                  className="flex items-center gap-2 rounded-md px-2 py-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
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
