'use client';

import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import { ArrowLeftIcon, MembersIcon } from '@/components/icons';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { EmptyState, ListState } from '@/components/ui/list-state';
import { trpc } from '@/trpc/react';
import { PageHeader } from '@/components/console/page-header';
import { AuditEntries } from '@/components/operator/audit/audit-entries';
import { TENANT_AUDIT_INPUT, TENANT_LIST_INPUT, type OperatorTenant } from './model';
import { TenantAccessPanel } from './tenant-access-panel';
import { TenantCreditPanel } from './tenant-credit-panel';
import { TenantLedger } from './tenant-ledger';
import { TenantSettingsPanel } from './tenant-settings-panel';

const SKELETON_LEAD = 'none';

/** One tenant: its figures, credits, routing and price, key and access, ledger and recent audit entries. */
export function TenantView({ tenantId }: { tenantId: string }) {
  const t = useTranslations('operatorTenants');
  const list = trpc.admin.tenantList.useQuery(TENANT_LIST_INPUT);
  const tenant = list.data?.tenants.find((x) => x.id === tenantId);
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:py-10">
      <Link
        href="/operator/tenants"
        className="inline-flex items-center gap-1.5 text-sm text-slate-600 hover:text-slate-900"
      >
        <ArrowLeftIcon className="size-4" />
        {t('page.back')}
      </Link>
      <ListState
        query={list}
        empty={!tenant}
        loading={<ListSkeleton label={t('loading')} lead={SKELETON_LEAD} rows={1} />}
        placeholder={<EmptyState icon={MembersIcon} title={t('page.notFound')} level={2} />}
      >
        {tenant && <TenantDetail tenant={tenant} />}
      </ListState>
    </div>
  );
}

function TenantDetail({ tenant }: { tenant: OperatorTenant }) {
  const t = useTranslations('operatorTenants.page');
  const format = useFormatter();
  const credits = (n: number) => format.number(n, 'credits');
  const facts = [
    { label: t('credits'), value: credits(tenant.credits), testId: 'tenant-credits' },
    {
      label: t('month'),
      value:
        tenant.quota_monthly > 0
          ? t('usedOfQuota', { used: credits(tenant.used_month), quota: credits(tenant.quota_monthly) })
          : credits(tenant.used_month),
      testId: 'tenant-month',
    },
    { label: t('binding'), value: tenant.bound_model ?? t('unbound'), testId: 'tenant-binding' },
    { label: t('markup'), value: t('markupValue', { markup: tenant.markup }), testId: 'tenant-markup' },
    { label: t('members'), value: String(tenant.members), testId: 'tenant-members' },
  ];
  return (
    <>
      <PageHeader
        eyebrow={tenant.admin_email ?? t('noLogin')}
        title={tenant.name}
        description={t('created', { date: format.dateTime(new Date(tenant.created_at), 'day'), id: tenant.id })}
        action={
          <Badge tone={tenant.disabled ? 'rose' : 'emerald'} data-testid="tenant-state">
            {tenant.disabled ? t('disabled') : t('active')}
          </Badge>
        }
      />
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {facts.map((f) => (
          <Card key={f.testId} className="p-4">
            <dt className="text-xs text-slate-500">{f.label}</dt>
            <dd className="mt-1 truncate text-base font-semibold text-slate-900 tabular-nums" data-testid={f.testId}>
              {f.value}
            </dd>
          </Card>
        ))}
      </dl>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <TenantCreditPanel tenantId={tenant.id} />
        <TenantSettingsPanel key={`${tenant.bound_model}-${tenant.markup}`} tenant={tenant} />
        <TenantAccessPanel tenant={tenant} />
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <TenantLedger tenantId={tenant.id} />
        <TenantAudit tenantId={tenant.id} />
      </div>
    </>
  );
}

function TenantAudit({ tenantId }: { tenantId: string }) {
  const t = useTranslations('operatorTenants.page');
  const query = trpc.admin.auditList.useQuery(TENANT_AUDIT_INPUT(tenantId));
  const entries = query.data?.entries ?? [];
  return (
    <section aria-labelledby="tenant-audit-title" className="space-y-3">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="tenant-audit-title" className="text-base font-semibold text-slate-900">
          {t('audit')}
        </h2>
        <Link href={`/operator/audit?tenant=${tenantId}`} className="text-sm text-indigo-700 hover:underline">
          {t('allAudit')}
        </Link>
      </div>
      <ListState
        query={query}
        empty={entries.length === 0}
        loading={<ListSkeleton label={t('auditLoading')} lead={SKELETON_LEAD} />}
        placeholder={<EmptyState icon={MembersIcon} title={t('auditEmpty')} />}
      >
        <Card className="overflow-hidden">
          <AuditEntries entries={entries} showTenant={false} />
        </Card>
      </ListState>
    </section>
  );
}
