'use client';

import { useTranslations } from 'next-intl';
import { trpc } from '@/trpc/react';
import { ShieldIcon } from '@/components/icons';
import { EmptyState } from '@/components/ui/list-state';
import { UPSTREAM_LIST_INPUT } from './upstreams';
import { UpstreamEditor } from './upstream-editor';

/** The editor for a console channel; other channels are not edited here (their page says where). */
export function UpstreamEditPage({ name }: { name: string }) {
  const t = useTranslations('operatorUpstreams');
  const list = trpc.admin.upstreamList.useQuery(UPSTREAM_LIST_INPUT);
  const u = list.data?.upstreams.find((r) => r.name === name);
  if (u?.editable || u?.state === 'retired') return <UpstreamEditor channel={u} />;
  if (!list.isSuccess) return null;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <EmptyState
        icon={ShieldIcon}
        title={u ? t(`sources.${u.source}`) : t('notFoundTitle')}
        description={u ? t(`sourceNote.${u.source}`) : t('notFoundBody', { name })}
      />
    </div>
  );
}
