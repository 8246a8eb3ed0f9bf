import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { referenceFor } from '@/components/docs/catalogue/reference';
import { DocsShell } from '@/components/docs/docs-shell';
import { EndpointView } from '@/components/docs/endpoint-view';
import { InlineText } from '@/components/docs/inline-text';
import { isLocale, type Locale } from '@/i18n/locales';
import { getConfig } from '@/server/config';
import { TRPCProvider } from '@/trpc/react';
import { consoleSession } from '@/trpc/server';

type Props = { params: Promise<{ group: string }> };

async function groupOf(params: Props['params']) {
  const [{ group: slug }, locale] = await Promise.all([params, getLocale()]);
  const reference = referenceFor(isLocale(locale) ? locale : ('en' satisfies Locale), getConfig().publicBaseUrl);
  const group = reference.groups.find((g) => g.slug === slug);
  if (!group) notFound();
  return { reference, group };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations('docs');
  const { group } = await groupOf(params);
  return { title: t('groupTitle', { group: group.title }) };
}

// The base URL comes from the running server's configuration, not the build's.
export const dynamic = 'force-dynamic';

/** One group page of the reference: its operations, each with fields, errors, examples and "try it". */
export default async function DocsGroupPage({ params }: Props) {
  const { reference, group } = await groupOf(params);
  const [t, tx] = await Promise.all([getTranslations('docs.groups'), getTranslations('apiDocs')]);
  // Signed in to the console: each operation gets a "try it" form sending with the tenant's key.
  const signedIn = (await consoleSession()) !== null;
  const baseUrl = getConfig().publicBaseUrl;

  return (
    <TRPCProvider>
      <DocsShell groups={reference.groups} current={group.slug}>
        <p className="text-sm font-medium text-indigo-600">
          <Link href="/docs" className="hover:text-indigo-500">
            {t('eyebrow')}
          </Link>
        </p>
        <h1 id={group.id} className="mt-2 text-3xl font-semibold tracking-tight text-slate-900">
          {group.title}
        </h1>
        {group.description && (
          <p className="mt-3 text-base leading-7 text-slate-600">
            <InlineText text={group.description} />
          </p>
        )}
        <p className="mt-3 text-sm text-slate-500">{t('count', { count: group.endpoints.length })}</p>
        {!signedIn && <p className="mt-1 text-sm text-slate-500">{tx('signedOut')}</p>}
        <div className="mt-8 space-y-6">
          {group.endpoints.map((endpoint) => (
            <EndpointView
              key={endpoint.id}
              doc={reference.doc}
              group={group.slug}
              endpoint={endpoint}
              baseUrl={baseUrl}
              signedIn={signedIn}
            />
          ))}
        </div>
      </DocsShell>
    </TRPCProvider>
  );
}
