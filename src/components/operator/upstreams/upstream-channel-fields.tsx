'use client';

import { useTranslations } from 'next-intl';
import type { UseFormReturn } from 'react-hook-form';
import { CHANNEL_PRESETS } from '@/contracts/presets';
import { ADAPTER_MEDIA, type AdapterKind, type Media } from '@/contracts/upstreams';
import { FieldBlock } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { presetName, regionName } from './upstream-words';
import { ADAPTERS, CUSTOM, OTHER, presetById, presetValues, type UpstreamFormValues } from './upstream-form';

export type ChannelForm = UseFormReturn<UpstreamFormValues, unknown, unknown>;

/** Where the channel starts (a preset, or custom), its protocol and its address. */
export function ChannelSourceFields({ form, creating }: { form: ChannelForm; creating: boolean }) {
  const t = useTranslations('operatorUpstreams');
  const presetId = form.watch('preset');
  const preset = presetById(presetId);
  const baseChoice = form.watch('base_choice');

  function choosePreset(id: string) {
    form.reset(presetValues(id, form.getValues()), { keepDefaultValues: true });
  }

  /** A custom channel's protocol: models keep the media the new protocol carries. */
  function chooseAdapter(next: AdapterKind) {
    const allowed: readonly Media[] = ADAPTER_MEDIA[next];
    form.setValue('adapter', next, { shouldDirty: true });
    form.getValues('drafts').forEach((d, i) => {
      const kept = d.media.filter((m) => allowed.includes(m));
      form.setValue(`drafts.${i}.media`, kept.length > 0 ? kept : [allowed[0] as Media], { shouldDirty: true });
    });
    form.setValue('known', [], { shouldDirty: true });
  }

  function chooseBase(value: string) {
    form.setValue('base_choice', value, { shouldDirty: true });
    form.setValue('base_url', value === OTHER ? '' : value, { shouldDirty: true });
  }

  return (
    <div className="grid gap-5 sm:grid-cols-2">
      {creating && (
        <FieldBlock
          control={form.control}
          name="preset"
          label={t('fields.preset')}
          description={t('hints.preset')}
          className="sm:col-span-2"
        >
          {(field) => (
            <Select
              name={field.name}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(e) => choosePreset(e.target.value)}
            >
              {ADAPTERS.map((a) => {
                const group = CHANNEL_PRESETS.filter((p) => p.adapter === a);
                if (group.length === 0) return null;
                return (
                  <optgroup key={a} label={t(`adapters.${a}`)}>
                    {group.map((p) => (
                      <option key={p.id} value={p.id}>
                        {presetName(t, p.id)}
                      </option>
                    ))}
                  </optgroup>
                );
              })}
              <option value={CUSTOM}>{t('form.custom')}</option>
            </Select>
          )}
        </FieldBlock>
      )}
      {preset ? (
        <div className="space-y-1.5">
          <p className="text-sm font-medium text-slate-700">{t('fields.adapter')}</p>
          <p className="flex h-10 items-center text-sm text-slate-900" data-testid="channel-adapter">
            {t(`adapters.${preset.adapter}`)}
          </p>
        </div>
      ) : (
        <FieldBlock control={form.control} name="adapter" label={t('fields.adapter')}>
          {(field) => (
            <Select
              name={field.name}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(e) => chooseAdapter(e.target.value as AdapterKind)}
            >
              {ADAPTERS.map((a) => (
                <option key={a} value={a}>
                  {t(`adapters.${a}`)}
                </option>
              ))}
            </Select>
          )}
        </FieldBlock>
      )}
      <FieldBlock control={form.control} name="provider" label={t('fields.provider')} description={t('hints.provider')}>
        {(field) => <Input {...field} autoComplete="off" />}
      </FieldBlock>
      {preset && (
        <FieldBlock
          control={form.control}
          name="base_choice"
          label={t('fields.baseUrl')}
          description={t('hints.baseChoice')}
          className="sm:col-span-2"
        >
          {(field) => (
            <Select
              name={field.name}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(e) => chooseBase(e.target.value)}
            >
              {preset.baseUrls.map((b) => (
                <option key={b.url} value={b.url}>
                  {regionName(t, b.region)} — {b.url}
                </option>
              ))}
              <option value={OTHER}>{t('fields.otherAddress')}</option>
            </Select>
          )}
        </FieldBlock>
      )}
      {(!preset || baseChoice === OTHER) && (
        <FieldBlock
          control={form.control}
          name="base_url"
          label={preset ? t('fields.otherAddress') : t('fields.baseUrl')}
          description={t('hints.baseUrl')}
          className="sm:col-span-2"
        >
          {(field) => (
            <Input {...field} type="url" inputMode="url" autoComplete="off" spellCheck={false} className="font-mono" />
          )}
        </FieldBlock>
      )}
    </div>
  );
}
