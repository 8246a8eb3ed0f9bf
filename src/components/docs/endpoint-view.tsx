import type { OpenAPIObject } from 'openapi3-ts/oas31';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Fragment, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { EndpointExamples } from './endpoint-examples';
import { exampleRequest } from './endpoint-request';
import { FieldList } from './field-list';
import { fieldTables, type FieldTable, type OperationFields } from './field-tables';
import { LazyFields } from './lazy-fields';
import { InlineText } from './inline-text';
import { MethodBadge } from './method-badge';
import { schemeLabel, type Endpoint } from './openapi-model';
import { describeType, type SchemaRow } from './schema-rows';
import { TryIt, type TryItParameter } from './try-it';

function SectionTitle({ children }: { children: ReactNode }) {
  return <h4 className="docs-label">{children}</h4>;
}

/**
 * A body's or an answer's fields: folded, loaded when opened (they are most of a group page's weight); a schema
 * without fields says its type in place.
 */
function SchemaFields({
  table,
  group,
  operation,
  part,
  empty,
}: {
  table: FieldTable;
  group: string;
  operation: string;
  part: keyof OperationFields;
  empty: string;
}) {
  if (table.rows.length > 0)
    return <LazyFields group={group} operation={operation} part={part} count={table.rows.length} />;
  return (
    <p className="mt-2 text-sm text-slate-600">
      {empty} <code className="inline-code">{table.type}</code>
    </p>
  );
}

/** The parameters of an endpoint as rows of the field list: their type says where they go (path, query). */
function parameterRows(doc: OpenAPIObject, parameters: Endpoint['parameters']): SchemaRow[] {
  return parameters.map((p) => {
    const t = p.schema ? describeType(doc, p.schema) : { type: 'string', nullable: false };
    const resolved = p.schema && !('$ref' in p.schema) ? p.schema : undefined;
    return {
      parent: '',
      name: p.name,
      depth: 0,
      type: `${t.type} · ${p.in}`,
      nullable: t.nullable,
      required: p.required ?? p.in === 'path',
      description: p.description ?? resolved?.description,
      enumValues: resolved?.enum?.map(String),
    };
  });
}

/** A word between two code spans. */
const spaced = (word: string) => ` ${word} `;

/** Which key the endpoint takes, in which header, or that it is public. */
function AuthNote({ auth }: { auth: Endpoint['auth'] }) {
  const t = useTranslations('docs.endpoint');
  if (auth.length === 0) return <Badge tone="emerald">{t('noKey')}</Badge>;
  return (
    <>
      <Badge tone="amber">{t('keyRequired')}</Badge>
      <span>
        {t.rich('sendIn', {
          schemes: () =>
            auth.map((scheme, i) => (
              <Fragment key={i}>
                {i > 0 && spaced(t('or'))}
                <code className="font-mono text-slate-700">{schemeLabel(scheme)}</code>
              </Fragment>
            )),
          link: (chunks) => (
            <Link href="/docs#authentication" className="font-medium text-indigo-600 hover:text-indigo-500">
              {chunks}
            </Link>
          ),
        })}
      </span>
    </>
  );
}

/**
 * Whether the reference offers "try it": JSON or body-less requests with a tenant's key. Operator
 * actions need the super-administrator key, event streams never end, multipart needs a file.
 */
const triable = (endpoint: Endpoint) =>
  endpoint.auth.length > 0 &&
  endpoint.op.tags?.[0] !== 'Operator' &&
  endpoint.success?.mediaType !== 'text/event-stream' &&
  endpoint.body?.mediaType !== 'multipart/form-data';

const tryItParameters = (endpoint: Endpoint): TryItParameter[] =>
  endpoint.parameters.flatMap((p) =>
    p.in === 'query' || p.in === 'path' ? [{ name: p.name, in: p.in, required: p.required ?? p.in === 'path' }] : [],
  );

export function EndpointView({
  doc,
  group,
  endpoint,
  baseUrl,
  signedIn,
}: {
  doc: OpenAPIObject;
  /** The group page's slug, where the field tables load from. */
  group: string;
  endpoint: Endpoint;
  baseUrl: string;
  signedIn: boolean;
}) {
  const t = useTranslations('docs.endpoint');
  const tx = useTranslations('apiDocs');
  const { op, method, path, parameters, body, success, errors, auth, charges } = endpoint;
  const paramRows = parameterRows(doc, parameters);
  const fullPath = `/api${path}`;
  const tables = fieldTables(doc, [endpoint])[endpoint.id] ?? {};

  return (
    <article id={endpoint.id} className="scroll-mt-24 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200/80">
      <header className="border-b border-slate-100 px-5 py-4 sm:px-6">
        <div className="flex flex-wrap items-center gap-3">
          <MethodBadge method={method} />
          <code className="font-mono text-[15px] font-semibold break-all text-slate-900">{fullPath}</code>
        </div>
        {op.summary && <h3 className="mt-3 text-base font-semibold text-slate-900">{op.summary}</h3>}
        {op.description && (
          <p className="mt-1 text-sm leading-6 text-slate-600">
            <InlineText text={op.description} />
          </p>
        )}
        <div className="mt-3 flex flex-wrap items-center gap-2 text-xs text-slate-500">
          <AuthNote auth={auth} />
        </div>
      </header>

      <div className="space-y-6 px-5 py-5 sm:px-6">
        {paramRows.length > 0 && (
          <section>
            <SectionTitle>{t('parameters')}</SectionTitle>
            <FieldList rows={paramRows} />
          </section>
        )}
        {body && (
          <section>
            <SectionTitle>
              {t('body', {
                required: String(body.required),
                media: body.mediaType === 'multipart/form-data' ? 'multipart' : 'json',
              })}
            </SectionTitle>
            {body.description && (
              <p className="mt-1 text-sm text-slate-600">
                <InlineText text={body.description} />
              </p>
            )}
            {tables.body && (
              <SchemaFields table={tables.body} group={group} operation={endpoint.id} part="body" empty={t('bodyIs')} />
            )}
          </section>
        )}
        {success && (
          <section>
            <SectionTitle>
              {t.rich('response', {
                status: success.status,
                code: (chunks) => <span className="font-mono">{chunks}</span>,
              })}
            </SectionTitle>
            {tables.response ? (
              <SchemaFields
                table={tables.response}
                group={group}
                operation={endpoint.id}
                part="response"
                empty={t('responseIs')}
              />
            ) : (
              <p className="mt-2 text-sm text-slate-600">{success.description}</p>
            )}
          </section>
        )}
        {errors.length > 0 && (
          <section>
            <SectionTitle>{t('errors')}</SectionTitle>
            <LazyFields
              group={group}
              operation={endpoint.id}
              part="errors"
              count={errors.length}
              statuses={errors.map((e) => e.status)}
            />
          </section>
        )}
        <section>
          <SectionTitle>{tx('examples.title')}</SectionTitle>
          <div className="mt-2">
            <EndpointExamples endpoint={endpoint} baseUrl={baseUrl} />
          </div>
        </section>
        {signedIn && triable(endpoint) && (
          <section>
            <SectionTitle>{tx('tryIt.title')}</SectionTitle>
            <div className="mt-2">
              <TryIt
                baseUrl={baseUrl}
                request={exampleRequest(endpoint)}
                parameters={tryItParameters(endpoint)}
                charges={charges}
              />
            </div>
          </section>
        )}
      </div>
    </article>
  );
}
