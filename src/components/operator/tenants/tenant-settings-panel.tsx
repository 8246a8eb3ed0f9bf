'use client';

import { useTranslations } from 'next-intl';
import { useId, useMemo, useState } from 'react';
import { useErrorText } from '@/components/console/use-error-text';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { trpc } from '@/trpc/react';
import { UPSTREAM_LIST_INPUT } from '@/components/operator/upstreams/upstreams';
import { bindingChoices, markupFormSchema, type OperatorTenant } from './model';
import { useTenantRefresh } from './use-tenant-refresh';

/** The value of the "none" choice of the binding select (no family or channel is called this). */
const NONE = '';

/** Routing and price: the family or channel the tenant is bound to, and its markup. */
export function TenantSettingsPanel({ tenant }: { tenant: OperatorTenant }) {
  const t = useTranslations('operatorTenants.settings');
  const say = useTranslations('operatorTenants.errors');
  const errorText = useErrorText();
  const upstreams = trpc.admin.upstreamList.useQuery(UPSTREAM_LIST_INPUT);
  const choices = useMemo(() => bindingChoices(upstreams.data?.upstreams ?? []), [upstreams.data]);
  const bind = trpc.admin.tenantBind.useMutation();
  const markup = trpc.admin.tenantMarkup.useMutation();
  const refresh = useTenantRefresh();
  const [binding, setBinding] = useState(tenant.bound_model ?? NONE);
  const [markupText, setMarkupText] = useState(String(tenant.markup));
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const bindId = useId();
  const markupId = useId();

  async function run(work: () => Promise<unknown>, what: string) {
    setProblem(null);
    setSaved(null);
    try {
      await work();
      setSaved(what);
      await refresh();
    } catch (error) {
      setProblem(errorText(error));
    }
  }

  function saveMarkup() {
    const parsed = markupFormSchema((k) => say(k)).safeParse({ markup: markupText });
    if (!parsed.success) {
      setSaved(null);
      setProblem(parsed.error.issues[0]?.message ?? say('markup'));
      return;
    }
    void run(() => markup.mutateAsync({ tenant_id: tenant.id, markup: parsed.data.markup }), t('markupSaved'));
  }

  const known = binding === NONE || choices.families.includes(binding) || choices.channels.includes(binding);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('title')}</CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardBody className="space-y-5">
        <div className="space-y-1.5">
          <Label htmlFor={bindId}>{t('binding')}</Label>
          <div className="flex flex-wrap gap-2">
            <Select
              id={bindId}
              value={binding}
              onChange={(e) => setBinding(e.target.value)}
              className="min-w-48 flex-1"
            >
              <option value={NONE}>{t('none')}</option>
              {!known && <option value={binding}>{binding}</option>}
              <optgroup label={t('families')}>
                {choices.families.map((f) => (
                  <option key={`f-${f}`} value={f}>
                    {f}
                  </option>
                ))}
              </optgroup>
              <optgroup label={t('channels')}>
                {choices.channels.map((c) => (
                  <option key={`c-${c}`} value={c}>
                    {c}
                  </option>
                ))}
              </optgroup>
            </Select>
            <Button
              variant="secondary"
              disabled={bind.isPending || binding === (tenant.bound_model ?? NONE)}
              onClick={() =>
                void run(
                  () => bind.mutateAsync({ tenant_id: tenant.id, model: binding === NONE ? null : binding }),
                  t('bindingSaved'),
                )
              }
            >
              {t('saveBinding')}
            </Button>
          </div>
          <p className="text-xs text-slate-500">{t('bindingHelp')}</p>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={markupId}>{t('markup')}</Label>
          <div className="flex flex-wrap gap-2">
            <Input
              id={markupId}
              value={markupText}
              onChange={(e) => setMarkupText(e.target.value)}
              inputMode="decimal"
              className="w-32"
              autoComplete="off"
            />
            <Button
              variant="secondary"
              disabled={markup.isPending || markupText === String(tenant.markup)}
              onClick={saveMarkup}
            >
              {t('saveMarkup')}
            </Button>
          </div>
          <p className="text-xs text-slate-500">{t('markupHelp')}</p>
        </div>
        {problem && <ErrorAlert>{problem}</ErrorAlert>}
        {saved && (
          <p role="status" className="text-sm text-emerald-700">
            {saved}
          </p>
        )}
      </CardBody>
    </Card>
  );
}
