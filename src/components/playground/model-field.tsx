'use client';

import { Fragment, useId } from 'react';
import { useTranslations } from 'next-intl';
import { CheckIcon, CloseIcon } from '@/components/icons';
import { cn } from '@/components/ui/cn';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { useTierName } from '@/components/tiers/tier-names';
import type { ImageModel } from './options';

interface ModelFieldProps {
  models: ImageModel[];
  value: string;
  onChange: (id: string) => void;
  loading: boolean;
}

type ModelWords = ReturnType<typeof useTranslations<'playground.model'>>;

/** The automatic choice first, then families and single channels under their headings. */
const MODEL_GROUPS: { kind: ImageModel['kind']; heading: 'families' | 'channels' | null }[] = [
  { kind: 'auto', heading: null },
  { kind: 'family', heading: 'families' },
  { kind: 'channel', heading: 'channels' },
];

function optionLabel(m: ImageModel, t: ModelWords, name: (id: string) => string): string {
  if (m.kind === 'auto') return t('auto');
  if (m.kind === 'family') return t('family', { id: name(m.id) });
  return m.family ? t('channel', { id: m.id, family: name(m.family) }) : m.id;
}

/** The model choice, grouped as the API lists it, with what the chosen model can do. */
export function ModelField({ models, value, onChange, loading }: ModelFieldProps) {
  const t = useTranslations('playground.model');
  const tierName = useTierName();
  const quality = useTranslations('playground.options');
  const id = useId();
  const hintId = `${id}-hint`;
  const selected = models.find((m) => m.id === value);
  const groups = MODEL_GROUPS.map((g) => ({ ...g, rows: models.filter((m) => m.kind === g.kind) })).filter(
    (g) => g.rows.length > 0,
  );

  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{t('label')}</Label>
      <Select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={loading}
        aria-describedby={hintId}
      >
        {loading && models.length === 0 && <option value={value}>{t('loading')}</option>}
        {groups.map(({ kind, heading, rows }) => {
          const options = rows.map((m) => (
            <option key={m.id} value={m.id}>
              {optionLabel(m, t, tierName)}
            </option>
          ));
          return heading ? (
            <optgroup key={kind} label={t(heading)}>
              {options}
            </optgroup>
          ) : (
            <Fragment key={kind}>{options}</Fragment>
          );
        })}
      </Select>
      <div id={hintId} className="flex flex-wrap gap-1.5 pt-0.5">
        {selected ? (
          <>
            <Capability ok={selected.capabilities.transparent_background} label={t('transparent')} />
            <Capability ok={selected.capabilities.reference_images} label={t('references')} />
            {selected.capabilities.requires_reference_images && (
              <span className="inline-flex h-6 items-center rounded-full bg-amber-50 px-2 text-xs text-amber-800">
                {t('editsOnly')}
              </span>
            )}
            <span className="inline-flex h-6 items-center rounded-full bg-slate-100 px-2 text-xs text-slate-600">
              {selected.capabilities.qualities.length > 0
                ? t('qualities', {
                    list: selected.capabilities.qualities
                      .map((q) => quality('qualityName', { quality: q }))
                      .join(' · '),
                  })
                : t('fixedQuality')}
            </span>
          </>
        ) : (
          <span className="text-xs text-slate-500">{loading ? t('checking') : t('unavailable')}</span>
        )}
      </div>
    </div>
  );
}

function Capability({ ok, label }: { ok: boolean; label: string }) {
  const t = useTranslations('playground.model');
  const Icon = ok ? CheckIcon : CloseIcon;
  return (
    <span
      className={cn(
        'inline-flex h-6 items-center gap-1 rounded-full px-2 text-xs',
        ok ? 'bg-emerald-50 text-emerald-700' : 'bg-slate-100 text-slate-500 line-through decoration-slate-400/60',
      )}
    >
      <Icon className="size-3" />
      {label}
      <span className="sr-only">{t('supported', { ok: ok ? 'yes' : 'no' })}</span>
    </span>
  );
}
