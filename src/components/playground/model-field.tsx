'use client';

import { Fragment, useId } from 'react';
import { CheckIcon, CloseIcon } from '../icons';
import { cn } from '../ui/cn';
import { Label } from '../ui/label';
import { Select } from '../ui/select';
import type { ImageModel } from './options';

interface ModelFieldProps {
  models: ImageModel[];
  value: string;
  onChange: (id: string) => void;
  loading: boolean;
}

const MODEL_GROUPS: { kind: ImageModel['kind']; heading: string | null }[] = [
  { kind: 'auto', heading: null },
  { kind: 'family', heading: 'Model families' },
  { kind: 'channel', heading: 'Single channel (no fallback)' },
];

function optionLabel(m: ImageModel): string {
  if (m.kind === 'auto') return 'Automatic: best available';
  if (m.kind === 'family') return `${m.id}: any provider`;
  return m.family ? `${m.id} (${m.family})` : m.id;
}

/** The model choice, grouped as the API lists it, with what the chosen model can do. */
export function ModelField({ models, value, onChange, loading }: ModelFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const selected = models.find((m) => m.id === value);
  // The automatic choice first, then families and single channels under their headings.
  const groups = MODEL_GROUPS.map((g) => ({ ...g, rows: models.filter((m) => m.kind === g.kind) })).filter((g) => g.rows.length > 0);

  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>Model</Label>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value)} disabled={loading} aria-describedby={hintId}>
        {loading && models.length === 0 && <option value={value}>Loading models…</option>}
        {groups.map(({ kind, heading, rows }) => {
          const options = rows.map((m) => (
            <option key={m.id} value={m.id}>
              {optionLabel(m)}
            </option>
          ));
          return heading ? (
            <optgroup key={kind} label={heading}>
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
            <Capability ok={selected.capabilities.transparent_background} label="Transparent background" />
            <Capability ok={selected.capabilities.reference_images} label="Reference images" />
            <span className="inline-flex h-6 items-center rounded-full bg-slate-100 px-2 text-xs text-slate-600">
              {selected.capabilities.qualities.length > 0
                ? `Quality: ${selected.capabilities.qualities.join(' · ')}`
                : 'One fixed quality'}
            </span>
          </>
        ) : (
          <span className="text-xs text-slate-500">{loading ? 'Checking what each model can do…' : 'Model details are unavailable.'}</span>
        )}
      </div>
    </div>
  );
}

function Capability({ ok, label }: { ok: boolean; label: string }) {
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
      <span className="sr-only">{ok ? ': supported' : ': not supported'}</span>
    </span>
  );
}
