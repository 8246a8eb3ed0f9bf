'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { requestSnippets } from '@/components/chat/snippets';
import { TabList } from '@/components/fields/tab-list';
import { CodeBlock } from '@/components/ui/code-block';
import { cn } from '@/components/ui/cn';
import { submitPath } from './job-rerun';

type Language = 'curl' | 'js';
const KEY_VARIABLE = 'STUDIO_API_KEY';
const TABS: { value: Language; name: string }[] = [
  { value: 'curl', name: 'curl' },
  { value: 'js', name: 'JavaScript' },
];

/** This job's request as an API call: curl or fetch, the key read from STUDIO_API_KEY. */
export function JobApiCall({ baseUrl, kind, body }: { baseUrl: string; kind: string; body: Record<string, unknown> }) {
  const t = useTranslations('jobDetail.apiCall');
  const id = useId();
  const [language, setLanguage] = useState<Language>('curl');
  const snippets = requestSnippets(baseUrl, submitPath(kind), body);
  const name = TABS.find((l) => l.value === language)?.name ?? language;
  return (
    <div className="space-y-3" data-testid="job-api-call">
      <p className="text-sm text-slate-600">
        {t.rich('lead', {
          key: () => <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-xs">{KEY_VARIABLE}</code>,
        })}
      </p>
      <TabList
        label={t('tabs')}
        tabs={TABS}
        value={language}
        onChange={setLanguage}
        tabId={(l) => `${id}-tab-${l}`}
        panelId={`${id}-panel`}
        className="flex gap-1 rounded-lg bg-slate-100 p-1"
        tabClassName={(active) =>
          cn(
            'h-8 flex-1 rounded-md text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-indigo-600',
            active ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
          )
        }
      >
        {(tab) => tab.name}
      </TabList>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${language}`}>
        <CodeBlock code={snippets[language]} title={name} copyLabel={t('copy', { language: name })} />
      </div>
    </div>
  );
}
