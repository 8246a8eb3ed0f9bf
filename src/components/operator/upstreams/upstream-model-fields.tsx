'use client';

import { useTranslations } from 'next-intl';
import { useFieldArray, useFormState } from 'react-hook-form';
import type { UpstreamModel } from '@/contracts/upstreams';
import { PlusIcon, TrashIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { useCapabilityWords, errorAt } from './upstream-words';
import { ModelDraftFields } from './model-draft-fields';
import { emptyDraft } from './upstream-form';
import type { ChannelForm } from './upstream-channel-fields';

import { checkboxClasses } from './checkbox-classes';

/** The channel's models: known ones ticked from the preset's list, others added field by field. */
export function UpstreamModelFields({ form, known }: { form: ChannelForm; known: readonly UpstreamModel[] }) {
  const t = useTranslations('operatorUpstreams');
  const words = useCapabilityWords();
  const drafts = useFieldArray({ control: form.control, name: 'drafts' });
  const { errors } = useFormState({ control: form.control });
  const ticked = form.watch('known');
  const listError = errorAt(errors, 'drafts') ?? errorAt(errors, 'drafts.root');
  const knownError = errorAt(errors, 'known');

  function tick(i: number, on: boolean) {
    const next = on ? [...ticked, String(i)] : ticked.filter((k) => k !== String(i));
    form.setValue('known', next, { shouldDirty: true });
    form.clearErrors(['known', 'drafts']);
  }

  return (
    <fieldset className="space-y-4" data-testid="channel-models-form">
      <legend className="text-sm font-medium text-slate-900">{t('fields.models')}</legend>
      <p className="-mt-2 text-xs text-slate-500">{t('hints.models')}</p>
      {known.length > 0 && (
        <div className="space-y-2">
          <p className="text-sm font-medium text-slate-700">{t('fields.knownModels')}</p>
          <p className="text-xs text-slate-500">{t('hints.knownModels')}</p>
          <ul
            className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200"
            aria-invalid={knownError ? true : undefined}
          >
            {known.map((m, i) => {
              const id = `known-${i}`;
              const caps = words(m.capabilities);
              return (
                <li key={`${m.family}/${m.model}`} className="flex items-start gap-3 px-3 py-2.5">
                  <input
                    id={id}
                    type="checkbox"
                    className={`${checkboxClasses} mt-0.5`}
                    checked={ticked.includes(String(i))}
                    onChange={(e) => tick(i, e.target.checked)}
                    aria-describedby={`${id}-caps`}
                  />
                  <div className="min-w-0 text-sm">
                    <label htmlFor={id} className="font-mono text-[13px] font-medium break-all text-slate-900">
                      {m.model}
                    </label>
                    <p id={`${id}-caps`} className="mt-0.5 text-xs break-words text-slate-600">
                      {[m.media.map((x) => t(`media.${x}`)).join(' + '), ...caps].join(' · ')}
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
          {knownError && <p className="text-xs text-rose-600">{knownError}</p>}
        </div>
      )}
      <div className="space-y-3">
        <p className="text-sm font-medium text-slate-700">{t('fields.ownModels')}</p>
        {drafts.fields.length > 0 && <p className="text-xs text-slate-500">{t('hints.ownModels')}</p>}
        {drafts.fields.map((f, i) => (
          <div
            key={f.id}
            className="space-y-4 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200 sm:p-4"
            data-testid={`model-draft-${i}`}
          >
            <div className="flex items-center justify-between gap-2">
              <p className="text-sm font-medium text-slate-800">{t('form.modelN', { n: i + 1 })}</p>
              <Button type="button" variant="ghost" onClick={() => drafts.remove(i)}>
                <TrashIcon className="size-4" />
                <span className="sr-only">{t('form.removeModel', { n: i + 1 })}</span>
              </Button>
            </div>
            <ModelDraftFields form={form} index={i} />
          </div>
        ))}
        {ticked.length === 0 && drafts.fields.length === 0 && (
          <p className="text-sm text-slate-500">{t('form.noModels')}</p>
        )}
        {listError && <p className="text-xs text-rose-600">{listError}</p>}
        <Button
          type="button"
          variant="secondary"
          onClick={() => {
            drafts.append(emptyDraft(form.getValues('adapter')));
            form.clearErrors('drafts');
          }}
        >
          <PlusIcon className="size-4" />
          {t('form.addModel')}
        </Button>
      </div>
    </fieldset>
  );
}
