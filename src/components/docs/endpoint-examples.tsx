import { useTranslations } from 'next-intl';
import { CodeBlock } from '@/components/ui/code-block';
import { exampleRequest } from './endpoint-request';
import { ExampleCalls } from './example-calls';
import type { Endpoint } from './openapi-model';

/** The endpoint's example as runnable calls and its example answer. */
export function EndpointExamples({ endpoint, baseUrl }: { endpoint: Endpoint; baseUrl: string }) {
  const t = useTranslations('apiDocs.examples');
  const answer = endpoint.success?.example;

  return (
    <div className="space-y-4" data-testid={`examples-${endpoint.id}`}>
      <ExampleCalls request={exampleRequest(endpoint)} baseUrl={baseUrl} chat={endpoint.path === '/chat/completions'} />
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
