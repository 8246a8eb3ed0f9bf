'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { trpc } from '@/trpc/react';
import { ArrowLeftIcon, PencilIcon, ShieldIcon, TrashIcon } from '@/components/icons';
import { ErrorAlert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/list-state';
import { useUpstreamFormat } from '@/components/operator/format';
import { StateCell } from './upstream-parts';
import { UPSTREAM_LIST_INPUT, type Upstream } from './upstreams';
import { UpstreamModels } from './upstream-models';
import { UpstreamTestPanel } from './upstream-test-panel';
import { channelHref } from './paths';

/** One channel's page: where it comes from, its address and models (never its key), the test button, and edit or retire for console channels. */
export function UpstreamDetail({ name }: { name: string }) {
  const t = useTranslations('operatorUpstreams');
  const list = trpc.admin.upstreamList.useQuery(UPSTREAM_LIST_INPUT);
  const u = list.data?.upstreams.find((r) => r.name === name);
  if (!u) {
    return (
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
        <BackLink />
        {list.isSuccess && (
          <EmptyState icon={ShieldIcon} title={t('notFoundTitle')} description={t('notFoundBody', { name })} />
        )}
        {list.error && <ErrorAlert>{list.error.message}</ErrorAlert>}
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6 lg:py-10">
      <BackLink />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="font-mono text-2xl font-semibold tracking-tight break-all text-slate-900">{u.name}</h1>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <StateCell u={u} />
            <Badge tone={u.source === 'console' ? 'indigo' : 'slate'} data-testid="channel-source">
              {t(`sources.${u.source}`)}
            </Badge>
          </div>
        </div>
        {(u.editable || u.state === 'retired') && <ConsoleActions u={u} />}
      </div>
      <p className="max-w-3xl text-sm text-slate-600">{t(`sourceNote.${u.source}`)}</p>
      <Overview u={u} />
      <UpstreamModels u={u} />
      <UpstreamTestPanel u={u} />
    </div>
  );
}

function BackLink() {
  const t = useTranslations('operatorUpstreams');
  return (
    <Link
      href="/operator"
      className={
        'inline-flex items-center gap-1.5 rounded text-sm font-medium text-slate-500 hover:text-slate-900 ' +
        'focus-visible:outline-2 focus-visible:outline-indigo-600'
      }
    >
      <ArrowLeftIcon className="size-4" />
      {t('back')}
    </Link>
  );
}

function Overview({ u }: { u: Upstream }) {
  const t = useTranslations('operatorUpstreams');
  const format = useUpstreamFormat();
  const item = (label: string, value: ReactNode, mono = false) => (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className={mono ? 'mt-0.5 font-mono text-sm break-all text-slate-900' : 'mt-0.5 text-sm text-slate-900'}>
        {value}
      </dd>
    </div>
  );
  return (
    <Card className="p-5">
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="channel-overview">
        {item(t('fields.provider'), u.provider)}
        {item(t('fields.adapter'), `${t(`adapters.${u.adapter as 'openai-chat'}`)} (${u.adapter})`)}
        {item(t('fields.baseUrl'), u.base_url, true)}
        {item(t('fields.key'), t('keyStored'))}
        {item(t('fields.softTimeoutShort'), format.ms(u.soft_timeout_ms))}
        {item(t('fields.updated'), format.time(u.updated_at))}
      </dl>
    </Card>
  );
}

/** Edit and retire, for channels added in the console. */
function ConsoleActions({ u }: { u: Upstream }) {
  const t = useTranslations('operatorUpstreams');
  const utils = trpc.useUtils();
  const [confirming, setConfirming] = useState(false);
  const remove = trpc.admin.upstreamRemove.useMutation({
    onSuccess: async () => {
      setConfirming(false);
      await utils.admin.upstreamList.invalidate();
    },
  });
  return (
    <div className="flex shrink-0 gap-2">
      <Link href={`${channelHref(u.name)}/edit`} className={buttonClasses('secondary', 'sm')}>
        <PencilIcon className="size-3.5" />
        {t('edit')}
      </Link>
      {u.state !== 'retired' && (
        <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
          <TrashIcon className="size-3.5" />
          {t('remove')}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('removeTitle', { name: u.name })}
        confirmLabel={t('remove')}
        busy={remove.isPending}
        error={remove.error ? t('removeFailed', { name: u.name, message: remove.error.message }) : null}
        onConfirm={() => remove.mutate({ name: u.name })}
        onCancel={() => setConfirming(false)}
      >
        {t('removeBody')}
      </ConfirmDialog>
    </div>
  );
}
