'use client';

import { useId, useState } from 'react';
import { AUTO_MODEL } from '@/contracts/chat';
import { trpc } from '@/trpc/react';
import { PageHeader } from '../console/page-header';
import { formatNumber } from '../console/format';
import { CoinsIcon, PlusIcon } from '../icons';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Select } from '../ui/select';
import { CodePanel } from './code-panel';
import { Composer } from './composer';
import { MessageList } from './message-list';
import { useChat } from './use-chat';
import { useChatModels } from './use-chat-models';

const TEXT = {
  eyebrow: 'Workspace',
  title: 'Chat',
  description: 'Talk to Studio’s chat models, with images from your uploads. Each answer is charged by its tokens; the same API works from your code.',
  newConversation: 'New conversation',
  model: 'Model',
  auto: `Automatic routing (${AUTO_MODEL})`,
  conversation: 'This conversation',
  spent: (n: number) => `${formatNumber(n)} credit${n === 1 ? '' : 's'}`,
  tokens: (n: number) => `${formatNumber(n)} tokens`,
  balance: 'Balance',
  modelsFailed: 'The model list could not be loaded; automatic routing still works.',
} as const;

/** The Chat page: a streamed conversation with a chosen model, its cost, and the API calls that do the same. */
export function ChatView({ baseUrl }: { baseUrl: string }) {
  const id = useId();
  const chat = useChat();
  const models = useChatModels();
  const me = trpc.session.me.useQuery();
  const [model, setModel] = useState(AUTO_MODEL);

  return (
    <div className="space-y-6">
      <PageHeader
        eyebrow={TEXT.eyebrow}
        title={TEXT.title}
        description={TEXT.description}
        action={
          <Button variant="secondary" onClick={chat.reset} disabled={chat.turns.length === 0}>
            <PlusIcon className="size-4" />
            {TEXT.newConversation}
          </Button>
        }
      />
      <div className="grid gap-6 2xl:grid-cols-[minmax(0,1fr)_28rem]">
        <Card className="flex min-w-0 flex-col">
          <div className="flex flex-wrap items-end justify-between gap-3 border-b border-slate-100 px-4 py-3 sm:px-6">
            <div className="w-full min-w-0 sm:w-72">
              <label htmlFor={`${id}-model`} className="mb-1 block text-sm font-medium text-slate-700">
                {TEXT.model}
              </label>
              <Select id={`${id}-model`} value={model} onChange={(e) => setModel(e.target.value)} disabled={chat.streaming}>
                {models.ids.map((m) => (
                  <option key={m} value={m}>
                    {m === AUTO_MODEL ? TEXT.auto : m}
                  </option>
                ))}
              </Select>
              {models.error && <p className="mt-1 text-xs text-amber-700">{TEXT.modelsFailed}</p>}
            </div>
            <dl className="flex gap-4 text-sm" aria-label={TEXT.conversation}>
              <div>
                <dt className="text-xs text-slate-500">{TEXT.conversation}</dt>
                <dd className="font-semibold text-slate-900 tabular-nums" data-testid="chat-total-credits">
                  {TEXT.spent(chat.totals.credits)}
                </dd>
                <dd className="text-xs text-slate-500 tabular-nums">{TEXT.tokens(chat.totals.tokens)}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">{TEXT.balance}</dt>
                <dd className="flex items-center gap-1 font-semibold text-slate-900 tabular-nums">
                  <CoinsIcon className="size-4 text-indigo-500" />
                  <span data-testid="chat-balance">{me.data ? formatNumber(me.data.tenant.credits) : '…'}</span>
                </dd>
              </div>
            </dl>
          </div>
          <div className="max-h-[65vh] min-h-72 flex-1 overflow-y-auto">
            <MessageList turns={chat.turns} />
          </div>
          <Composer streaming={chat.streaming} onStop={chat.stop} onSend={(text, images) => void chat.send(text, images, model)} />
        </Card>
        <aside className="min-w-0">
          <CodePanel baseUrl={baseUrl} />
        </aside>
      </div>
    </div>
  );
}
