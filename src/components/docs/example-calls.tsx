'use client';

import { useTranslations } from 'next-intl';
import { chatSnippets } from '@/components/chat/snippets';
import { requestSnippets, type ApiRequest } from '@/components/snippets/request-snippets';
import { SnippetTabs, type SnippetTab } from '@/components/snippets/snippet-tabs';

const LABELS = {
  curl: 'curl',
  js: 'JavaScript',
  python: 'Python',
  jsOpenai: 'JavaScript · openai',
  pythonOpenai: 'Python · openai',
} as const;

/**
 * An operation's example request as runnable calls (curl, fetch, requests; the openai SDKs for chat). The
 * page sends the request once and the calls are written here, so a group page does not carry every
 * example three to five times over.
 */
export function ExampleCalls({ request, baseUrl, chat }: { request: ApiRequest; baseUrl: string; chat: boolean }) {
  const t = useTranslations('apiDocs.examples');
  const snippets = requestSnippets(baseUrl, request);
  const tab = (id: keyof typeof LABELS, code: string): SnippetTab => ({
    id,
    label: LABELS[id],
    caption: t(`captions.${id}`),
    copyLabel: t('copy', { language: LABELS[id] }),
    code,
  });
  const tabs = [tab('curl', snippets.curl), tab('js', snippets.js), tab('python', snippets.python)];
  if (chat) {
    const sdk = chatSnippets(baseUrl);
    tabs.push(tab('jsOpenai', sdk.js), tab('pythonOpenai', sdk.python));
  }
  return <SnippetTabs tabs={tabs} tabsLabel={t('tabs')} />;
}
