import Link from 'next/link';
import type { ReactNode } from 'react';
import { Card, CardBody, CardDescription, CardHeader, CardTitle, CodeBlock } from '../ui';

interface GetStartedProps {
  /** Where the API answers, as callers reach it. */
  baseUrl: string;
  /** The tenant's credits now, for the sample answer. */
  credits: number;
}

/** Three steps from the tenant key to a first answer of the API. */
export function GetStarted({ baseUrl, credits }: GetStartedProps) {
  const exportKey = 'export STUDIO_KEY="sk-studio-…"   # your tenant key';
  const curl = `curl -H "X-API-Key: $STUDIO_KEY" \\\n  ${baseUrl}/api/balance`;
  const response = `{"ok": true, "credits": ${credits}, "pool": "tenant"}`;
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle>Get started</CardTitle>
        <CardDescription>Call the Studio API from your shell in under a minute.</CardDescription>
      </CardHeader>
      <CardBody>
        <ol className="space-y-6">
          <Step n={1} title="Keep your tenant key at hand">
            <p>
              Your operator handed you a tenant key (it starts with <code className="inline-code">sk-studio-</code>) when the workspace was
              created. Put it in an environment variable rather than pasting it into commands.
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
