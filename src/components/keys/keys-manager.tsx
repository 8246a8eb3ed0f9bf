'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useState } from 'react';
import { trpc, type RouterOutputs } from '@/trpc/react';
import { buttonClasses } from '@/components/ui/button';
import { PageHeader } from '@/components/console/page-header';
import { CreateKey } from './create-key';
import { KeyList } from './key-list';
import type { CreatedKey } from './use-create-key-form';

/** The Keys page: the tenant's and its members' keys, a form for a named key with its policy. */
export function KeysManager() {
  const utils = trpc.useUtils();
  const t = useTranslations('keys');
  const refresh = useCallback(() => utils.keys.list.invalidate(), [utils]);
  const [editing, setEditing] = useState<RouterOutputs['keys']['list']['keys'][number] | null>(null);
  const [created, setCreated] = useState<CreatedKey | null>(null);
  return (
    <div className="space-y-6">
      <PageHeader
        eyebrow={t('eyebrow')}
        title={t('title')}
        description={t('description')}
        action={
          <a href="#create-key" className={buttonClasses('secondary', 'md', 'lg:hidden')}>
            {t('form.title')}
          </a>
        }
      />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
        <KeyList
          onChanged={refresh}
          onEdit={(key) => {
            setEditing(key);
            document.getElementById('create-key')?.scrollIntoView({ block: 'start' });
          }}
        />
        <aside id="create-key" className="min-w-0 scroll-mt-20 lg:sticky lg:top-6" aria-label={t('form.title')}>
          {/* A form of its own for each key edited, so it starts from that key's policy. */}
          <CreateKey
            key={editing?.id ?? 'new'}
            onChanged={refresh}
            created={created}
            onCreated={setCreated}
            editing={editing}
            onDone={() => setEditing(null)}
          />
        </aside>
      </div>
    </div>
  );
}
