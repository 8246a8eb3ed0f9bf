'use client';

import { useTranslations } from 'next-intl';
import { requestSnippets, type ApiRequest, type SnippetLanguage } from './request-snippets';
import { SnippetTabs } from './snippet-tabs';

const LANGUAGES: Record<SnippetLanguage, string> = { curl: 'curl', js: 'JavaScript', python: 'Python' };
const ORDER: SnippetLanguage[] = ['curl', 'js', 'python'];

/** One request as curl, JavaScript and Python behind tabs: the Playground's and the job page's "API call". */
export function RequestSnippetTabs({ baseUrl, request }: { baseUrl: string; request: ApiRequest }) {
  const t = useTranslations('snippets');
  const snippets = requestSnippets(baseUrl, request);
  return (
    <SnippetTabs
      tabsLabel={t('tabs')}
      tabs={ORDER.map((l) => ({
        id: l,
        label: LANGUAGES[l],
        caption: t(`captions.${l}`),
        copyLabel: t('copy', { language: LANGUAGES[l] }),
        code: snippets[l],
      }))}
    />
  );
}
