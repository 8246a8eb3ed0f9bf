'use client';

import { useTranslations } from 'next-intl';
import { useId, type FormEvent } from 'react';
import { useErrorText } from '@/components/console/use-error-text';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { QueryError } from '@/components/ui/list-state';
import type { AlertSettingsView } from '@/contracts/alerts';
import { trpc } from '@/trpc/react';
import { useAlertSettingsForm, type RuleDraft } from './use-alert-settings-form';

const KINDS = ['balance_low', 'spend_threshold', 'cap_reached'] as const;
const PERIODS = ['day', 'week', 'month'] as const;

/** A list without pictures: its skeleton's rows have no thumbnail. */
const SKELETON_LEAD = 'none' as const;

/** The tenant admin's thresholds and the address alert webhooks go to. */
export function AlertSettingsCard({ onSaved }: { onSaved: () => void }) {
  const t = useTranslations('alerts.settings');
  const settings = trpc.alerts.settings.useQuery({});
  if (settings.isError) return <QueryError error={settings.error} onRetry={() => void settings.refetch()} />;
  if (!settings.data) return <ListSkeleton label={t('loading')} rows={2} lead={SKELETON_LEAD} />;
  return <SettingsForm initial={settings.data} onSaved={onSaved} />;
}

function SettingsForm({ initial, onSaved }: { initial: AlertSettingsView; onSaved: () => void }) {
  const t = useTranslations('alerts.settings');
  const errorText = useErrorText();
  const form = useAlertSettingsForm(initial, onSaved);
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    form.submit();
  }

  return (
    <Card data-testid="alert-settings">
      <CardHeader>
        <CardTitle>{t('title')}</CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardBody>
        <form onSubmit={submit} className="space-y-4" noValidate>
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-url`}>{t('webhook')}</Label>
            <Input
              id={`${id}-url`}
              type="url"
              inputMode="url"
              value={form.url}
              placeholder={t('webhookPlaceholder')}
              onChange={(e) => form.setUrl(e.target.value)}
              aria-describedby={`${id}-url-hint`}
            />
            <p id={`${id}-url-hint`} className="text-xs text-slate-500">
              {t('webhookHint')}
            </p>
          </div>
          <fieldset className="space-y-3">
            <legend className="text-sm font-medium text-slate-900">{t('rules')}</legend>
            {form.rules.length === 0 && <p className="text-sm text-slate-500">{t('noRules')}</p>}
            {form.rules.map((rule, i) => (
              <RuleRow key={rule.key} rule={rule} index={i} change={form.change} remove={form.remove} />
            ))}
            <Button type="button" variant="secondary" onClick={form.add}>
              {t('add')}
            </Button>
          </fieldset>
          <Button type="submit" disabled={form.save.isPending}>
            {form.save.isPending ? t('saving') : t('save')}
          </Button>
          {form.save.isSuccess && !form.save.isPending && (
            <p role="status" className="text-sm text-emerald-700">
              {t('saved')}
            </p>
          )}
        </form>
        {form.save.isError && <ErrorAlert className="mt-3">{errorText(form.save.error)}</ErrorAlert>}
      </CardBody>
    </Card>
  );
}

function RuleRow({
  rule,
  index,
  change,
  remove,
}: {
  rule: RuleDraft;
  index: number;
  change: (key: string, patch: Partial<RuleDraft>) => void;
  remove: (key: string) => void;
}) {
  const t = useTranslations('alerts.settings');
  const id = useId();
  return (
    <div
      className="grid grid-cols-1 gap-2 rounded-lg bg-slate-50 p-3 sm:grid-cols-[1fr_8rem_8rem_auto] sm:items-end"
      data-testid="alert-rule"
    >
      <div className="space-y-1">
        <Label htmlFor={`${id}-kind`}>{t('kind', { n: index + 1 })}</Label>
        <Select
          id={`${id}-kind`}
          value={rule.kind}
          onChange={(e) => change(rule.key, { kind: e.target.value as RuleDraft['kind'] })}
        >
          {KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`kinds.${k}`)}
            </option>
          ))}
        </Select>
      </div>
      {rule.kind !== 'cap_reached' ? (
        <div className="space-y-1">
          <Label htmlFor={`${id}-threshold`}>{t('threshold')}</Label>
          <Input
            id={`${id}-threshold`}
            inputMode="numeric"
            value={rule.threshold}
            onChange={(e) => change(rule.key, { threshold: e.target.value })}
          />
        </div>
      ) : (
        <p className="text-xs text-slate-500 sm:col-span-2">{t('capHint')}</p>
      )}
      {rule.kind === 'spend_threshold' && (
        <div className="space-y-1">
          <Label htmlFor={`${id}-period`}>{t('period')}</Label>
          <Select
            id={`${id}-period`}
            value={rule.period}
            onChange={(e) => change(rule.key, { period: e.target.value as RuleDraft['period'] })}
          >
            {PERIODS.map((p) => (
              <option key={p} value={p}>
                {t(`periods.${p}`)}
              </option>
            ))}
          </Select>
        </div>
      )}
      {rule.kind === 'balance_low' && <div className="hidden sm:block" />}
      <Button type="button" variant="ghost" onClick={() => remove(rule.key)}>
        {t('remove')}
      </Button>
    </div>
  );
}
