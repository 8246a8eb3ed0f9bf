import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import type { ReferenceObject, SchemaObject } from 'openapi3-ts/oas31';
import { anchorPages, referenceFor } from '@/components/docs/catalogue/reference';
import { DocsHashHop } from '@/components/docs/docs-hash-hop';
import { DocsShell } from '@/components/docs/docs-shell';
import { GroupOverview } from '@/components/docs/group-overview';
import { errorStatuses } from '@/components/docs/openapi-model';
import { AuthenticationSection, ErrorsSection, ReferenceIntro } from '@/components/docs/reference-intro';
import { schemaRows } from '@/components/docs/schema-rows';
import { isLocale } from '@/i18n/locales';
import { getConfig } from '@/server/config';
import { consoleSession } from '@/trpc/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('docs');
  return { title: t('metaTitle') };
}

// The base URL comes from the running server's configuration, not the build's.
export const dynamic = 'force-dynamic';

/** The reference's index: the introduction, how to authenticate, the error body, and every group page. */
export default async function DocsPage() {
  const [tx, locale] = await Promise.all([getTranslations('apiDocs'), getLocale()]);
  const { doc, groups } = referenceFor(isLocale(locale) ? locale : 'en', getConfig().publicBaseUrl);
  const signedIn = (await consoleSession()) !== null;
  const apiBase = doc.servers?.[0]?.url ?? '/api';
  const schemes = Object.values(doc.components?.securitySchemes ?? {}).filter(
    (s): s is Exclude<typeof s, ReferenceObject> => !('$ref' in s),
  );
  const errorSchema: SchemaObject | ReferenceObject | undefined = doc.components?.schemas?.Error;
  const firstGet = groups.flatMap((g) => g.endpoints).find((e) => e.method === 'get');
  const sample = `curl -H "X-API-Key: $STUDIO_API_KEY" \\\n  ${apiBase}${firstGet?.path ?? '/balance'}`;

  return (
    <DocsShell groups={groups}>
      <DocsHashHop pages={anchorPages(groups)} />
      <ReferenceIntro info={doc.info} apiBase={apiBase} sample={sample} />
      {!signedIn && <p className="mt-4 text-sm text-slate-500">{tx('signedOut')}</p>}
      <AuthenticationSection schemes={schemes} />
      <ErrorsSection rows={errorSchema ? schemaRows(doc, errorSchema) : []} statuses={errorStatuses(groups)} />
      <GroupOverview groups={groups} />
    </DocsShell>
  );
}
