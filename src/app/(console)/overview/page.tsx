import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { BuyerOverview } from '@/components/console/buyer-overview';
import { TenantStats } from '@/components/console/tenant-stats';
import { ArrowRightIcon, CodeIcon, ExternalIcon, KeyIcon, UserIcon } from '@/components/icons';
import { Badge, Card, CardBody, CardDescription, CardHeader, CardTitle, CodeBlock } from '@/components/ui';
import { getConfig } from '@/server/config';
import { currentMe, requireSession, serverApi } from '@/trpc/server';

export const metadata: Metadata = { title: 'Overview' };

export default async function OverviewPage() {
  const [session, me] = await Promise.all([requireSession(), currentMe()]);
  if (me.personal) {
    // A buyer's platform account: its credits and the templates its claim code unlocked.
    // If the templates cannot be read here, the browser asks again and shows any error.
    const templates = await (await serverApi()).templates
      .list({ source: 'platform' })
      .then((a) => a.templates)
      .catch(() => null);
    return <BuyerOverview initialMe={me} email={session.email} initialTemplates={templates} imagePrice={getConfig().prices.image.high} />;
  }
  const base = getConfig().publicBaseUrl;
  const exportKey = 'export STUDIO_KEY="sk-studio-…"   # your tenant key';
  const curl = `curl -H "X-API-Key: $STUDIO_KEY" \\\n  ${base}/api/balance`;
  const response = `{"ok": true, "credits": ${me.tenant.credits}, "pool": "tenant"}`;

  return (
    <div className="space-y-8">
      <header>
        <p className="text-sm font-medium text-indigo-600">Overview</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight text-balance break-words text-slate-900 sm:text-3xl">
          {me.tenant.name}
        </h1>
        <p className="mt-2 text-sm text-slate-500">Your workspace at a glance: credits, quota and how to call the API.</p>
      </header>

      <section aria-label="Figures" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <TenantStats initial={me} />
        <Card className="p-5 sm:col-span-2 sm:p-6 xl:col-span-1">
          <div className="flex items-center gap-2 text-sm font-medium text-slate-500">
            <UserIcon className="size-4 text-indigo-500" />
            <h2>Signed in as</h2>
          </div>
          <p className="mt-3 truncate text-base font-semibold text-slate-900" title={session.email}>
            {session.email}
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <Badge tone="indigo">Tenant administrator</Badge>
            <span className="text-sm text-slate-500">Acts for the whole tenant</span>
          </div>
        </Card>
      </section>

      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>Get started</CardTitle>
            <CardDescription>Call the Studio API from your shell in under a minute.</CardDescription>
          </CardHeader>
          <CardBody>
            <ol className="space-y-6">
              <Step n={1} title="Keep your tenant key at hand">
                <p>
                  Your operator handed you a tenant key (it starts with <code className="inline-code">sk-studio-</code>) when the
                  workspace was created. Put it in an environment variable rather than pasting it into commands.
                </p>
                <CodeBlock code={exportKey} title="Shell" className="mt-3" />
              </Step>
              <Step n={2} title="Check your balance">
                <p>
                  Every request carries the key in the <code className="inline-code">X-API-Key</code> header, or as{' '}
                  <code className="inline-code">Authorization: Bearer</code>.
                </p>
                <CodeBlock code={curl} title="curl" copyLabel="curl example" className="mt-3" />
                <p className="mt-3">The answer is JSON:</p>
                <CodeBlock code={response} className="mt-2" />
              </Step>
              <Step n={3} title="Explore the rest">
                <p>
                  Members, credit pools and operator actions are described field by field in the{' '}
                  <Link href="/docs" className="font-medium text-indigo-600 hover:text-indigo-500">
                    API reference
                  </Link>
                  , with the same error format everywhere.
                </p>
              </Step>
            </ol>
          </CardBody>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Resources</CardTitle>
            <CardDescription>Everything the API offers, with request and response fields.</CardDescription>
          </CardHeader>
          <CardBody className="flex flex-col gap-2">
            <ResourceLink href="/docs" icon={<CodeIcon className="size-5" />} title="API reference" detail="Endpoints, fields and errors" />
            <ResourceLink
              href="/api/openapi.json"
              external
              icon={<KeyIcon className="size-5" />}
              title="OpenAPI document"
              detail="For code generators and API clients"
            />
          </CardBody>
        </Card>
      </div>
    </div>
  );
}

function Step({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span
        aria-hidden="true"
        className="grid size-7 shrink-0 place-items-center rounded-full bg-indigo-50 text-sm font-semibold text-indigo-700 ring-1 ring-inset ring-indigo-200"
      >
        {n}
      </span>
      <div className="min-w-0 flex-1 text-sm leading-6 text-slate-600">
        <h3 className="font-semibold text-slate-900">{title}</h3>
        <div className="mt-1">{children}</div>
      </div>
    </li>
  );
}

interface ResourceLinkProps {
  href: string;
  icon: ReactNode;
  title: string;
  detail: string;
  external?: boolean;
}

function ResourceLink({ href, icon, title, detail, external }: ResourceLinkProps) {
  const body = (
    <>
      <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-slate-50 text-slate-500 ring-1 ring-inset ring-slate-200 transition-colors group-hover:bg-indigo-50 group-hover:text-indigo-600 group-hover:ring-indigo-200">
        {icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-semibold text-slate-900">{title}</span>
        <span className="block text-sm text-slate-500">{detail}</span>
      </span>
      {external ? (
        <ExternalIcon className="size-4 text-slate-400 group-hover:text-indigo-600" />
      ) : (
        <ArrowRightIcon className="size-4 text-slate-400 group-hover:text-indigo-600" />
      )}
    </>
  );
  const className =
    'group -mx-2 flex items-center gap-3 rounded-xl p-2 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600';
  return external ? (
    <a href={href} className={className} target="_blank" rel="noreferrer">
      {body}
    </a>
  ) : (
    <Link href={href} className={className}>
      {body}
    </Link>
  );
}
