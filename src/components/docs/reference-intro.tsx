import type { OpenAPIObject, SecuritySchemeObject } from 'openapi3-ts/oas31';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Badge, CodeBlock, CopyButton } from '@/components/ui';
import { FieldList } from './field-list';
import { InlineText } from './inline-text';
import { schemeHeader } from './openapi-model';
import type { SchemaRow } from './schema-rows';

/** The body of a refused request; REST error texts stay English for programmatic clients. */
const ERROR_EXAMPLE = `{
  "ok": false,
  "error": "Missing API key: send it in the X-API-Key header or as Authorization: Bearer <key>",
  "code": "UNAUTHORIZED"
}`;

const inlineCode = (chunks: ReactNode) => <code className="inline-code">{chunks}</code>;

/** The reference's title, the base URL and a first request to try. */
export function ReferenceIntro({
  info,
  apiBase,
  sample,
}: {
  info: OpenAPIObject['info'];
  apiBase: string;
  sample: string;
}) {
  const t = useTranslations('docs.intro');
  return (
    <section>
      <div className="flex items-center gap-2">
        <p className="text-sm font-medium text-indigo-600">{info.title}</p>
        <Badge tone="slate">{t('version', { version: info.version })}</Badge>
      </div>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight text-slate-900">{t('title')}</h1>
      {info.description && (
        <p className="mt-3 text-base leading-7 text-slate-600">
          <InlineText text={info.description} />
        </p>
      )}
      <div className="mt-6 flex flex-wrap items-center gap-3 rounded-xl bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200/80">
        <span className="docs-label">{t('baseUrl')}</span>
        <code className="min-w-0 flex-1 font-mono text-sm break-all text-slate-900">{apiBase}</code>
        <CopyButton value={apiBase} label={t('copyBase')} />
      </div>
      <CodeBlock code={sample} title={t('tryIt')} copyLabel={t('copySample')} className="mt-4" />
    </section>
  );
}

/** How to send a key: each security scheme as the header it names. */
export function AuthenticationSection({ schemes }: { schemes: SecuritySchemeObject[] }) {
  const t = useTranslations('docs.auth');
  return (
    <section id="authentication" className="mt-14 scroll-mt-20">
      <h2 className="text-xl font-semibold tracking-tight text-slate-900">{t('title')}</h2>
      <p className="mt-2 text-sm leading-6 text-slate-600">{t('body')}</p>
      <ul className="mt-4 space-y-3">
        {schemes.map((scheme) => (
          <li key={schemeHeader(scheme)} className="rounded-xl bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200/80">
            <code className="font-mono text-sm font-semibold text-slate-900">{schemeHeader(scheme)}</code>
            {scheme.description && <p className="mt-1 text-sm text-slate-500">{scheme.description}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The one error body, an example, and what each status means. */
export function ErrorsSection({
  rows,
  statuses,
}: {
  rows: SchemaRow[];
  statuses: { status: string; description: string }[];
}) {
  const t = useTranslations('docs.errors');
  return (
    <section id="errors" className="mt-14 scroll-mt-20">
      <h2 className="text-xl font-semibold tracking-tight text-slate-900">{t('title')}</h2>
      <p className="mt-2 text-sm leading-6 text-slate-600">{t.rich('body', { code: inlineCode })}</p>
      <FieldList rows={rows} />
      <CodeBlock code={ERROR_EXAMPLE} title={t('example', { status: 401 })} className="mt-4" />
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
  );
}
