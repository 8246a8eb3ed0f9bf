import { useTranslations } from 'next-intl';
import { chatSnippets } from '@/components/chat/snippets';
import { requestSnippets } from '@/components/snippets/request-snippets';
import { SnippetTabs, type SnippetTab } from '@/components/snippets/snippet-tabs';
import { CodeBlock } from '@/components/ui/code-block';
import { exampleRequest } from './endpoint-request';
import type { Endpoint } from './openapi-model';

const LABELS = {
  curl: 'curl',
  js: 'JavaScript',
  python: 'Python',
  jsOpenai: 'JavaScript · openai',
  pythonOpenai: 'Python · openai',
} as const;

/** The endpoint's example as runnable calls (curl, fetch, requests; the openai SDKs for chat) and its example answer. */
export function EndpointExamples({ endpoint, baseUrl }: { endpoint: Endpoint; baseUrl: string }) {
  const t = useTranslations('apiDocs.examples');
  const request = exampleRequest(endpoint);
  const snippets = requestSnippets(baseUrl, request);
  const tab = (id: keyof typeof LABELS, code: string): SnippetTab => ({
    id,
    label: LABELS[id],
    caption: t(`captions.${id}`),
    copyLabel: t('copy', { language: LABELS[id] }),
    code,
  });
  const tabs = [tab('curl', snippets.curl), tab('js', snippets.js), tab('python', snippets.python)];
  if (endpoint.path === '/chat/completions') {
    const sdk = chatSnippets(baseUrl);
    tabs.push(tab('jsOpenai', sdk.js), tab('pythonOpenai', sdk.python));
  }
  const answer = endpoint.success?.example;

  return (
    <div className="space-y-4" data-testid={`examples-${endpoint.id}`}>
      <SnippetTabs tabs={tabs} tabsLabel={t('tabs')} />
      {answer !== undefined && (
        <CodeBlock
          code={typeof answer === 'string' ? answer : JSON.stringify(answer, null, 2)}
          title={t('answer', { status: endpoint.success?.status ?? '200' })}
          copyLabel={t('copyAnswer')}
          className="max-h-96 overflow-y-auto"
        />
      )}
    </div>
  );
}
