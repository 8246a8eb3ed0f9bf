'use client';

import { useTranslations } from 'next-intl';
import { FilterGroup } from '@/components/console/filter-group';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { presetOf, presetRange, SLICE_PRESETS, type SliceFilters, type SlicePreset } from './slice-model';

/** The range of the sliced table: a preset (today, 7 or 30 days, this or last month) or two days of one's own. */
export function SliceRange({
  value,
  today,
  onChange,
}: {
  value: SliceFilters;
  today: string;
  onChange: (next: SliceFilters) => void;
}) {
  const t = useTranslations('usage.slice');
  const preset = presetOf(value, today);
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
      <FilterGroup<SlicePreset | 'custom'>
        label={t('range')}
        options={[
          ...SLICE_PRESETS.map((p) => ({ value: p, label: t(`presets.${p}`) })),
          ...(preset ? [] : [{ value: 'custom' as const, label: t('presets.custom') }]),
        ]}
        value={preset ?? 'custom'}
        onChange={(p) => p !== 'custom' && onChange({ ...value, ...presetRange(p, today) })}
        className="max-w-full self-start overflow-x-auto"
      />
      <div className="grid grid-cols-2 gap-2 sm:w-80">
        <div>
          <Label htmlFor="slice-from" className="text-xs text-slate-600">
            {t('from')}
          </Label>
          <Input
            id="slice-from"
            type="date"
            value={value.from}
            max={value.to}
            onChange={(e) => e.target.value && onChange({ ...value, from: e.target.value })}
          />
        </div>
        <div>
          <Label htmlFor="slice-to" className="text-xs text-slate-600">
            {t('to')}
          </Label>
          <Input
            id="slice-to"
            type="date"
            value={value.to}
            min={value.from}
            onChange={(e) => e.target.value && onChange({ ...value, to: e.target.value })}
          />
        </div>
      </div>
    </div>
  );
}
