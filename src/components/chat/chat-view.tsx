'use client';

import { useId, useState } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { AUTO_MODEL } from '@/contracts/chat';
import { trpc } from '@/trpc/react';
import { PageHeader } from '@/components/console/page-header';
import { CoinsIcon, PlusIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Select } from '@/components/ui/select';
import { CodePanel } from './code-panel';
import { Composer } from './composer';
import { MessageList } from './message-list';
import { useChat } from './use-chat';
import { useChatModels } from './use-chat-models';

/** The Chat page: a streamed conversation with a chosen model, its cost, and the API calls that do the same. */
export function ChatView({ baseUrl }: { baseUrl: string }) {
  const t = useTranslations('chat');
  const format = useFormatter();
  const id = useId();
  const chat = useChat();
  const models = useChatModels();
  const me = trpc.session.me.useQuery();
  const [model, setModel] = useState(AUTO_MODEL);

  return (
    <div className="space-y-6">
      <PageHeader
        eyebrow={t('eyebrow')}
        title={t('title')}
        description={t('description')}
        action={
          <Button variant="secondary" onClick={chat.reset} disabled={chat.turns.length === 0}>
            <PlusIcon className="size-4" />
            {t('newConversation')}
          </Button>
        }
      />
      <div className="grid gap-6 2xl:grid-cols-[minmax(0,1fr)_28rem]">
        <Card className="flex min-w-0 flex-col">
          <div className="flex flex-wrap items-end justify-between gap-3 border-b border-slate-100 px-4 py-3 sm:px-6">
            <div className="w-full min-w-0 sm:w-72">
              <label htmlFor={`${id}-model`} className="mb-1 block text-sm font-medium text-slate-700">
                {t('model')}
              </label>
              <Select
                id={`${id}-model`}
                value={model}
                onChange={(e) => setModel(e.target.value)}
                disabled={chat.streaming}
              >
                {models.ids.map((m) => (
                  <option key={m} value={m}>
                    {m === AUTO_MODEL ? t('auto', { model: AUTO_MODEL }) : m}
                  </option>
                ))}
              </Select>
              {models.error && <p className="mt-1 text-xs text-amber-700">{t('modelsFailed')}</p>}
            </div>
            <dl className="flex gap-4 text-sm" aria-label={t('conversation')}>
              <div>
                <dt className="text-xs text-slate-500">{t('conversation')}</dt>
                <dd className="font-semibold text-slate-900 tabular-nums" data-testid="chat-total-credits">
                  {t('credits', { count: chat.totals.credits })}
                </dd>
                <dd className="text-xs text-slate-500 tabular-nums">{t('tokens', { count: chat.totals.tokens })}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">{t('balance')}</dt>
                <dd className="flex items-center gap-1 font-semibold text-slate-900 tabular-nums">
                  <CoinsIcon className="size-4 text-indigo-500" />
                  <span data-testid="chat-balance">
                    {me.data ? format.number(me.data.tenant.credits, 'credits') : '…'}
                  </span>
                </dd>
              </div>
            </dl>
          </div>
          <div className="max-h-[65vh] min-h-72 flex-1 overflow-y-auto">
            <MessageList turns={chat.turns} />
          </div>
          <Composer
            streaming={chat.streaming}
            onStop={chat.stop}
            onSend={(text, images) => void chat.send(text, images, model)}
          />
        </Card>
        <aside className="min-w-0">
          <CodePanel baseUrl={baseUrl} />
        </aside>
      </div>
    </div>
  );
}
