import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Card, CardBody, CardDescription, CardHeader, CardTitle, CodeBlock } from '@/components/ui';

interface GetStartedProps {
  /** Where the API answers, as callers reach it. */
  baseUrl: string;
  /** The tenant's credits now, for the sample answer. */
  credits: number;
}

/** The command's name, the same in every language. */
const CURL = 'curl';

/** Three steps from the tenant key to a first answer of the API. */
export function GetStarted({ baseUrl, credits }: GetStartedProps) {
  const t = useTranslations('overview.getStarted');
  const code = (chunks: ReactNode) => <code className="inline-code">{chunks}</code>;
  const exportKey = `export STUDIO_API_KEY="sk-studio-…"   # ${t('keyComment')}`;
  const curl = `curl -H "X-API-Key: $STUDIO_API_KEY" \\\n  ${baseUrl}/api/balance`;
  const response = `{"ok": true, "credits": ${credits}, "pool": "tenant"}`;
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle>{t('title')}</CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardBody>
        <ol className="space-y-6">
          <Step n={1} title={t('keyTitle')}>
            <p>{t.rich('keyBody', { code })}</p>
            <CodeBlock code={exportKey} title={t('shell')} className="mt-3" />
          </Step>
          <Step n={2} title={t('balanceTitle')}>
            <p>{t.rich('balanceBody', { code })}</p>
            <CodeBlock code={curl} title={CURL} copyLabel={t('curlCopy')} className="mt-3" />
            <p className="mt-3">{t('answer')}</p>
            <CodeBlock code={response} className="mt-2" />
          </Step>
          <Step n={3} title={t('moreTitle')}>
            <p>
              {t.rich('moreBody', {
                link: (chunks) => (
                  <Link href="/docs" className="font-medium text-indigo-600 hover:text-indigo-500">
                    {chunks}
                  </Link>
                ),
              })}
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
