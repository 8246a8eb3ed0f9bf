'use client';

import { useTranslations } from 'next-intl';
import { SnippetTabs } from '@/components/snippets/snippet-tabs';
import { apiBase, KEY_VARIABLE } from '@/components/snippets/request-snippets';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { chatSnippets, type SnippetLanguage } from './snippets';

const LANGUAGES: Record<SnippetLanguage, string> = { curl: 'curl', js: 'JavaScript', python: 'Python' };

const ORDER: SnippetLanguage[] = ['curl', 'js', 'python'];

/** Snippets for curl and the OpenAI SDKs, one shown at a time, each with a copy button. */
export function CodePanel({ baseUrl }: { baseUrl: string }) {
  const t = useTranslations('chat.code');
  const snippets = chatSnippets(baseUrl);
  const api = apiBase(baseUrl);

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('title')}</CardTitle>
        <CardDescription>
          {t.rich('description', {
            key: () => (
              <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-xs text-slate-700">{KEY_VARIABLE}</code>
            ),
            url: () => (
              <code
                className="rounded bg-slate-100 px-1 py-0.5 font-mono text-xs break-all text-slate-700"
                data-testid="chat-base-url"
              >
                {api}
              </code>
            ),
          })}
        </CardDescription>
      </CardHeader>
      <CardBody>
        <SnippetTabs
          tabsLabel={t('tabs')}
          initial="js"
          tabs={ORDER.map((l) => ({
            id: l,
            label: LANGUAGES[l],
            caption: t(`captions.${l}`),
            copyLabel: t('copy', { language: LANGUAGES[l] }),
            code: snippets[l],
          }))}
        />
      </CardBody>
    </Card>
  );
}
