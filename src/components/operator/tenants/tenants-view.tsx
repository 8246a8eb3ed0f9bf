'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { MembersIcon, PlusIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { EmptyState, ListState } from '@/components/ui/list-state';
import { SearchBox } from '@/components/ui/search-box';
import { trpc } from '@/trpc/react';
import { OperatorHeader } from '@/components/operator/operator-header';
import { Switch } from '@/components/ui/switch';
import { matchesTenant, nearZeroFirst, TENANT_LIST_INPUT } from './model';
import { NewKeyCard } from './new-key-card';
import { TenantCreateForm } from './tenant-create-form';
import { TenantsTable } from './tenants-table';

/** The loading rows have no picture in front (a shape: `lead` is no text here). */
const SKELETON_LEAD = 'none';

/** Every tenant, searchable, with the form that opens one and the new tenant's key shown once. */
export function TenantsView() {
  const t = useTranslations('operatorTenants');
  const list = trpc.admin.tenantList.useQuery(TENANT_LIST_INPUT);
  const all = list.data?.tenants ?? [];
  const [query, setQuery] = useState('');
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [lowOnly, setLowOnly] = useState(false);
  const matching = all.filter((x) => matchesTenant(x, query));
  // Near zero: only the tenants below their low-balance threshold, the lowest balance first.
  const shown = lowOnly ? nearZeroFirst(matching) : matching;
  const nearZero = nearZeroFirst(all).length;

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:py-10">
      <OperatorHeader
        title={t('title')}
        description={t('description')}
        summary={t('summary', { active: all.filter((x) => !x.disabled).length, total: all.length })}
      >
        <Button
          onClick={() => {
            setCreated(null);
            setCreating(true);
          }}
          disabled={creating}
        >
          <PlusIcon className="size-4" />
          {t('create.open')}
        </Button>
      </OperatorHeader>
      {created && <NewKeyCard tenantName={created.name} apiKey={created.key} onDone={() => setCreated(null)} />}
      {creating && (
        <TenantCreateForm
          onClose={() => setCreating(false)}
          onCreated={(tenant, key) => {
            setCreating(false);
            setCreated({ name: tenant.name, key });
            window.scrollTo({ top: 0 });
          }}
        />
      )}
      <SearchBox
        label={t('search')}
        placeholder={t('searchPlaceholder')}
        value={query}
        onChange={setQuery}
        className="max-w-md"
      />
      <div className="flex items-center gap-3 text-sm text-slate-700" data-testid="near-zero-filter">
        <Switch checked={lowOnly} onChange={setLowOnly} label={t('nearZero.filter')} />
        <span>{t('nearZero.summary', { count: nearZero })}</span>
      </div>
      <ListState
        query={list}
        empty={shown.length === 0}
        loading={<ListSkeleton label={t('loading')} lead={SKELETON_LEAD} />}
        placeholder={<EmptyState icon={MembersIcon} title={all.length === 0 ? t('empty') : t('noMatch')} />}
      >
        <TenantsTable tenants={shown} />
      </ListState>
    </div>
  );
}
