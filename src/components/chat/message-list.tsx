'use client';

import { useEffect, useRef } from 'react';
import { useTranslations } from 'next-intl';
import { ErrorAlert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import type { Turn } from './conversation';

// Long Chinese lines and unbroken URLs wrap inside the bubble instead of widening the page.
const PROSE = 'text-[15px] leading-7 whitespace-pre-wrap break-words [overflow-wrap:anywhere]';

function UserTurn({ turn }: { turn: Turn }) {
  const t = useTranslations('chat.messages');
  return (
    <div className="flex justify-end">
      <div className="max-w-[85%] min-w-0 space-y-2 rounded-2xl rounded-tr-md bg-indigo-600 px-4 py-2.5 text-white">
        <p className="sr-only">{t('you')}</p>
        {turn.images.length > 0 && (
          <ul className="flex flex-wrap justify-end gap-2">
            {turn.images.map((img) => (
              <li key={img.url}>
                {/* eslint-disable-next-line @next/next/no-img-element -- uploaded files are served as they are */}
                <img
                  src={img.url}
                  alt={t('attached', { name: img.name })}
                  className="size-20 rounded-lg bg-white/20 object-cover"
                  data-testid="turn-image"
                />
              </li>
            ))}
          </ul>
        )}
        {turn.text && <p className={PROSE}>{turn.text}</p>}
      </div>
    </div>
  );
}

function AssistantTurn({ turn }: { turn: Turn }) {
  const t = useTranslations('chat.messages');
  const tc = useTranslations('chat');
  const a = turn.answer;
  const waiting = a.status === 'streaming' && !a.text;
  return (
    <div className="min-w-0 space-y-2" data-testid="chat-answer" data-status={a.status}>
      <p className="sr-only">{t('assistant')}</p>
      {waiting ? (
        <p className="flex items-center gap-2 text-sm text-slate-500">
          <Spinner className="size-4" /> {t('thinking')}
        </p>
      ) : (
        a.text && (
          <div className="max-w-[95%] rounded-2xl rounded-tl-md bg-slate-100 px-4 py-2.5 text-slate-900">
            <p className={PROSE}>
              {a.text}
              {a.status === 'streaming' && (
                <span
                  className="ml-0.5 inline-block h-4 w-1.5 animate-pulse bg-slate-400 align-[-2px]"
                  aria-hidden="true"
                />
              )}
            </p>
          </div>
        )
      )}
      {a.status === 'stopped' && <p className="text-xs text-slate-500">{t('stopped')}</p>}
      {a.error && (
        <ErrorAlert className="break-words [overflow-wrap:anywhere]" data-testid="chat-error">
          {a.error}
        </ErrorAlert>
      )}
      {(a.usage || a.model) && (
        <p className="flex flex-wrap gap-x-2 gap-y-0.5 text-xs text-slate-500">
          {a.model && <span className="font-mono">{a.model}</span>}
          {a.credits !== null && (
            <span className="font-medium text-indigo-700" data-testid="answer-credits">
              {tc('credits', { count: a.credits })}
            </span>
          )}
          {a.usage && (
            <span className="tabular-nums">
              {t('tokens', { prompt: a.usage.prompt, completion: a.usage.completion })}
            </span>
          )}
        </p>
      )}
    </div>
  );
}

/** The conversation as a live log: questions on the right, answers streaming in on the left. */
export function MessageList({ turns }: { turns: Turn[] }) {
  const t = useTranslations('chat.messages');
  const end = useRef<HTMLDivElement>(null);
  const last = turns.at(-1);
  // Follow the answer as it grows.
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'nearest' });
  }, [turns.length, last?.answer.text, last?.answer.status]);

  return (
    <div role="log" aria-live="polite" aria-label={t('log')} className="min-h-64 space-y-5 px-4 py-5 sm:px-6">
      {turns.length === 0 ? (
        <div className="mx-auto max-w-md py-10 text-center">
          <h2 className="text-base font-semibold text-slate-900">{t('emptyTitle')}</h2>
          <p className="mt-1 text-sm text-pretty text-slate-500">{t('emptyBody')}</p>
        </div>
      ) : (
        turns.map((t) => (
          <div key={t.id} className="space-y-3" data-testid="chat-turn">
            <UserTurn turn={t} />
            <AssistantTurn turn={t} />
          </div>
        ))
      )}
      <div ref={end} />
    </div>
  );
}
