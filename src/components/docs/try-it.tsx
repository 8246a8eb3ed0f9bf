'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { trpc } from '@/trpc/react';
import { requestUrl, type ApiRequest } from '@/components/snippets/request-snippets';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CodeBlock } from '@/components/ui/code-block';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';

export interface TryItParameter {
  name: string;
  in: 'query' | 'path';
  required: boolean;
}

interface Answer {
  status: number;
  requestId: string | null;
  body: string;
}

type Problem = { kind: 'json' } | { kind: 'key' } | { kind: 'network'; message: string };

/** Pretty JSON when the answer is JSON, else the text as sent. */
function readable(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/**
 * Sends one request of the reference with the signed-in tenant's key (read through the console's
 * `session.revealKey` only when sending) and shows the status, X-Request-Id and body. Operations that
 * spend credits say so and need a tick before the button works.
 */
export function TryIt({
  baseUrl,
  request,
  parameters,
  charges,
}: {
  baseUrl: string;
  request: ApiRequest;
  parameters: TryItParameter[];
  charges: boolean;
}) {
  const t = useTranslations('apiDocs.tryIt');
  const id = useId();
  const utils = trpc.useUtils();
  const initial = (p: TryItParameter) =>
    String((p.in === 'path' ? request.pathParams?.[p.name] : request.query?.[p.name]) ?? '');
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(parameters.map((p) => [p.name, initial(p)])),
  );
  const [body, setBody] = useState(request.body === undefined ? '' : JSON.stringify(request.body, null, 2));
  const [accepted, setAccepted] = useState(!charges);
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);

  const send = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    let parsed: unknown;
    if (request.body !== undefined) {
      try {
        parsed = JSON.parse(body);
      } catch {
        setProblem({ kind: 'json' });
        return;
      }
    }
    setSending(true);
    try {
      const key = (await utils.session.revealKey.fetch()).api_key;
      if (!key) {
        setProblem({ kind: 'key' });
        return;
      }
      const filled = (where: TryItParameter['in']) =>
        Object.fromEntries(
          parameters.filter((p) => p.in === where && values[p.name]).map((p) => [p.name, values[p.name] ?? '']),
        );
      const url = requestUrl(baseUrl, { path: request.path, pathParams: filled('path'), query: filled('query') });
      const response = await fetch(url, {
        method: request.method,
        headers: {
          'X-API-Key': key,
          ...request.headers,
          ...(parsed !== undefined ? { 'Content-Type': 'application/json' } : {}),
        },
        ...(parsed !== undefined ? { body: JSON.stringify(parsed) } : {}),
      });
      setAnswer({
        status: response.status,
        requestId: response.headers.get('x-request-id'),
        body: readable(await response.text()),
      });
    } catch (err) {
      setProblem(
        err instanceof Error && 'data' in err
          ? { kind: 'key' }
          : { kind: 'network', message: err instanceof Error ? err.message : String(err) },
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      onSubmit={(e) => void send(e)}
      className="space-y-3 rounded-xl bg-indigo-50/50 p-4 ring-1 ring-indigo-100"
      aria-label={t('title')}
    >
      <p className="text-sm text-slate-600">{t('intro')}</p>
      {parameters.map((p) => (
        <div key={p.name} className="space-y-1">
          <Label htmlFor={`${id}-${p.name}`}>
            <code className="font-mono">{p.name}</code>{' '}
            <span className="text-xs font-normal text-slate-500">{t(p.in)}</span>
          </Label>
          <Input
            id={`${id}-${p.name}`}
            value={values[p.name] ?? ''}
            required={p.required}
            onChange={(e) => setValues({ ...values, [p.name]: e.target.value })}
          />
        </div>
      ))}
      {request.body !== undefined && (
        <div className="space-y-1">
          <Label htmlFor={`${id}-body`}>{t('body')}</Label>
          <Textarea
            id={`${id}-body`}
            rows={Math.min(14, body.split('\n').length + 1)}
            className="font-mono text-xs"
            value={body}
            onChange={(e) => setBody(e.target.value)}
            spellCheck={false}
          />
        </div>
      )}
      {charges && (
        <label className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
          <input type="checkbox" className="mt-1" checked={accepted} onChange={(e) => setAccepted(e.target.checked)} />
          <span>{t('charges')}</span>
        </label>
      )}
      <Button type="submit" size="sm" disabled={sending || !accepted}>
        {sending && <Spinner />}
        {t(sending ? 'sending' : 'send')}
      </Button>
      {problem && (
        <ErrorAlert>
          {problem.kind === 'network' ? t('network', { message: problem.message }) : t(problem.kind)}
        </ErrorAlert>
      )}
      {answer && (
        <div className="space-y-2" aria-live="polite" data-testid="try-it-answer">
          <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
            <div className="flex gap-2">
              <dt className="text-slate-500">{t('status')}</dt>
              <dd
                className={
                  answer.status < 400
                    ? 'font-mono font-semibold text-emerald-700'
                    : 'font-mono font-semibold text-rose-700'
                }
                data-testid="try-it-status"
              >
                {answer.status}
              </dd>
            </div>
            <div className="flex min-w-0 gap-2">
              <dt className="text-slate-500">{t('requestId')}</dt>
              <dd className="truncate font-mono text-slate-700" data-testid="try-it-request-id">
                {answer.requestId ?? '—'}
              </dd>
            </div>
          </dl>
          <CodeBlock
            code={answer.body}
            title={t('answer')}
            copyLabel={t('copyAnswer')}
            className="max-h-96 overflow-y-auto"
          />
        </div>
      )}
    </form>
  );
}
