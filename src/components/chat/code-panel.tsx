'use client';

import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslations } from 'next-intl';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { CodeBlock } from '../ui/code-block';
import { cn } from '../ui/cn';
import { chatSnippets, type SnippetLanguage } from './snippets';

const LANGUAGES: Record<SnippetLanguage, string> = { curl: 'curl', js: 'JavaScript', python: 'Python' };
const KEY_VARIABLE = 'STUDIO_API_KEY';

const ORDER: SnippetLanguage[] = ['curl', 'js', 'python'];

/** Snippets for curl and the OpenAI SDKs, one shown at a time, each with a copy button. */
export function CodePanel({ baseUrl }: { baseUrl: string }) {
  const t = useTranslations('chat.code');
  const id = useId();
  const [language, setLanguage] = useState<SnippetLanguage>('js');
  const snippets = chatSnippets(baseUrl);
  const api = `${baseUrl.replace(/\/+$/, '')}/api`;

  // Arrow keys move between tabs, as a tablist should.
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = ORDER[(ORDER.indexOf(language) + step + ORDER.length) % ORDER.length] ?? 'js';
    setLanguage(next);
    document.getElementById(`${id}-tab-${next}`)?.focus();
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('title')}</CardTitle>
        <CardDescription>
          {t.rich('description', {
            key: () => <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-xs text-slate-700">{KEY_VARIABLE}</code>,
            url: () => (
              <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-xs break-all text-slate-700" data-testid="chat-base-url">
                {api}
              </code>
            ),
          })}
        </CardDescription>
      </CardHeader>
      <CardBody className="space-y-3">
        <div role="tablist" aria-label={t('tabs')} className="flex gap-1 rounded-lg bg-slate-100 p-1" onKeyDown={onKey}>
          {ORDER.map((l) => (
            <button
              key={l}
              id={`${id}-tab-${l}`}
              type="button"
              role="tab"
              aria-selected={l === language}
              aria-controls={`${id}-panel`}
              tabIndex={l === language ? 0 : -1}
              onClick={() => setLanguage(l)}
              className={cn(
                'h-8 flex-1 rounded-md text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-indigo-600',
                l === language ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
              )}
            >
              {LANGUAGES[l]}
            </button>
          ))}
        </div>
        <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${language}`}>
          <CodeBlock code={snippets[language]} title={t(`captions.${language}`)} copyLabel={t('copy', { language: LANGUAGES[language] })} />
        </div>
      </CardBody>
    </Card>
  );
}
