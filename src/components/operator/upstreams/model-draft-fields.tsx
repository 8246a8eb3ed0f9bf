'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { useFormState } from 'react-hook-form';
import { ADAPTER_MEDIA, type Media } from '@/contracts/upstreams';
import { FieldBlock } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { CapabilityInputs } from './capability-inputs';
import { capabilityFieldsFor, type CapabilityField } from './capability-fields';
import { offeredSeconds, videoOfferOf } from '@/contracts/video-offers';
import { VideoOfferNote } from './video-offer-note';
import { errorAt } from './upstream-words';
import type { ChannelForm } from './upstream-channel-fields';
import { checkboxClasses } from './checkbox-classes';

/** One model added by hand: family, provider model id, media, cost and what its media can do. */
export function ModelDraftFields({ form, index }: { form: ChannelForm; index: number }) {
  const t = useTranslations('operatorUpstreams');
  const id = useId();
  const { errors } = useFormState({ control: form.control });
  const adapter = form.watch('adapter');
  const media = form.watch(`drafts.${index}.media`);
  const mediaError = errorAt(errors, `drafts.${index}.media`);
  const draft = form.watch(`drafts.${index}`);
  const offer = media.includes('video') ? videoOfferOf(adapter, draft.model.trim()) : null;
  // A known video model's durations and resolutions are ticked from what it offers.
  const fields = capabilityFieldsFor(media).map((f): CapabilityField => {
    if (!offer || f.kind !== 'choices') return f;
    if (f.key === 'durations') return { ...f, options: offeredSeconds(offer.durations).map(String) };
    if (f.key === 'resolutions') return { ...f, options: offer.resolutions.map((r) => r.studio) };
    return f;
  });

  function toggle(m: Media, on: boolean) {
    const next = on ? [...media, m] : media.filter((x) => x !== m);
    form.setValue(`drafts.${index}.media`, next, { shouldDirty: true });
    form.clearErrors(`drafts.${index}.media`);
  }

  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FieldBlock
          control={form.control}
          name={`drafts.${index}.family`}
          label={t('fields.family')}
          description={t('hints.family')}
        >
          {(field) => <Input {...field} autoComplete="off" spellCheck={false} className="font-mono" />}
        </FieldBlock>
        <FieldBlock control={form.control} name={`drafts.${index}.model`} label={t('fields.model')}>
          {(field) => <Input {...field} autoComplete="off" spellCheck={false} className="font-mono" />}
        </FieldBlock>
        <fieldset className="space-y-1.5" aria-describedby={mediaError ? `${id}-media-error` : undefined}>
          <legend className="text-sm font-medium text-slate-700">{t('fields.media')}</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2 pt-1">
            {ADAPTER_MEDIA[adapter].map((m) => (
              <label key={m} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  className={checkboxClasses}
                  checked={media.includes(m)}
                  onChange={(e) => toggle(m, e.target.checked)}
                  aria-invalid={mediaError ? true : undefined}
                />
                {t(`media.${m}`)}
              </label>
            ))}
          </div>
          {mediaError && (
            <p id={`${id}-media-error`} className="text-xs text-rose-600">
              {mediaError}
            </p>
          )}
        </fieldset>
        <FieldBlock
          control={form.control}
          name={`drafts.${index}.cost_usd`}
          label={t('fields.cost')}
          description={t('hints.cost')}
        >
          {(field) => <Input {...field} inputMode="decimal" autoComplete="off" />}
        </FieldBlock>
      </div>
      <VideoOfferNote adapter={adapter} draft={draft} />
      <CapabilityInputs form={form} index={index} fields={fields} />
    </div>
  );
}
