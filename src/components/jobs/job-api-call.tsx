'use client';

import { useTranslations } from 'next-intl';
import { KEY_VARIABLE } from '@/components/snippets/request-snippets';
import { RequestSnippetTabs } from '@/components/snippets/request-snippet-tabs';
import { submitPath } from './job-rerun';

/** This job's request as an API call, built like the Playground's: the key read from STUDIO_API_KEY. */
export function JobApiCall({ baseUrl, kind, body }: { baseUrl: string; kind: string; body: Record<string, unknown> }) {
  const t = useTranslations('jobDetail.apiCall');
  return (
    <div className="space-y-3" data-testid="job-api-call">
      <p className="text-sm text-slate-600">
        {t.rich('lead', {
          key: () => <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-xs">{KEY_VARIABLE}</code>,
        })}
      </p>
      <RequestSnippetTabs baseUrl={baseUrl} request={{ method: 'POST', path: submitPath(kind), body }} />
    </div>
  );
}
