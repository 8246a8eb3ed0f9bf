'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, type ReactNode } from 'react';
import { useFormState } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import type { CapabilitiesDraft, CapabilityDraft, CapabilityField, SizesDraft } from './capability-fields';
import { capabilityLabel, sizeRuleLabel, errorAt } from './upstream-words';
import type { ChannelForm } from './upstream-channel-fields';
import { checkboxClasses } from './checkbox-classes';

interface Props {
  form: ChannelForm;
  index: number;
  fields: readonly CapabilityField[];
}

/** The capabilities of one model added by hand: only those its media give meaning to. */
export function CapabilityInputs({ form, index, fields }: Props) {
  const t = useTranslations('operatorUpstreams');
  const { errors } = useFormState({ control: form.control });
  const caps = form.watch(`drafts.${index}.caps`) as CapabilitiesDraft;
  const set = (key: string, value: CapabilityDraft) => {
    form.setValue(`drafts.${index}.caps.${key}`, value, { shouldDirty: true });
    form.clearErrors(`drafts.${index}.caps.${key}`);
  };
  const errorOf = (key: string) => errorAt(errors, `drafts.${index}.caps.${key}`);
  const flags = fields.filter((f) => f.kind === 'flag');
  const others = fields.filter((f) => f.kind !== 'flag');

  return (
    <fieldset className="space-y-4">
      <legend className="text-sm font-medium text-slate-700">{t('fields.capabilities')}</legend>
      {flags.length > 0 && (
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {flags.map((f) => {
            const v = caps[f.key];
            const on = v === true || (v === null && f.kind === 'flag' && f.defaultOn);
            return (
              <div key={f.key}>
                <label className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    className={checkboxClasses}
                    checked={on}
                    onChange={(e) => set(f.key, e.target.checked)}
                    aria-invalid={errorOf(f.key) ? true : undefined}
                  />
                  {capabilityLabel(t, f.key)}
                </label>
                <FieldError message={errorOf(f.key)} />
              </div>
            );
          })}
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {others.map((f) => (
          <div key={f.key} className="min-w-0 space-y-1.5">
            <CapabilityInput field={f} value={caps[f.key]} onChange={(v) => set(f.key, v)} invalid={!!errorOf(f.key)} />
            <FieldError message={errorOf(f.key)} />
          </div>
        ))}
      </div>
    </fieldset>
  );
}

function FieldError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return <p className="text-xs text-rose-600">{message.charAt(0).toUpperCase() + message.slice(1)}</p>;
}

interface InputProps {
  field: CapabilityField;
  value: CapabilityDraft | undefined;
  onChange: (v: CapabilityDraft) => void;
  invalid: boolean;
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-1.5">
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      {children}
    </fieldset>
  );
}

function NumberBox({
  label,
  value,
  onChange,
  invalid,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  invalid: boolean;
}) {
  const id = useId();
  return (
    <div className="min-w-0 space-y-1">
      <Label htmlFor={id} className="text-xs font-normal text-slate-600">
        {label}
      </Label>
      <Input
        id={id}
        type="number"
        min={0}
        step="any"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid || undefined}
      />
    </div>
  );
}

/** One capability that is not a flag: a number, a set of choices, a range or the sizes. */
function CapabilityInput({ field, value, onChange, invalid }: InputProps) {
  const t = useTranslations('operatorUpstreams');
  const [extra, setExtra] = useState('');
  const label = capabilityLabel(t, field.key);
  switch (field.kind) {
    case 'flag':
      return null;
    case 'number':
      return (
        <NumberBox label={label} value={typeof value === 'string' ? value : ''} onChange={onChange} invalid={invalid} />
      );
    case 'choices': {
      const chosen = Array.isArray(value) ? value : [];
      const options = [...new Set([...field.options, ...chosen])];
      const toggle = (o: string, on: boolean) => onChange(on ? [...chosen, o] : chosen.filter((x) => x !== o));
      const add = () => {
        const v = extra.trim();
        if (v && !chosen.includes(v)) onChange([...chosen, v]);
        setExtra('');
      };
      return (
        <Group legend={label}>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {options.map((o) => (
              <label key={o} className="flex items-center gap-2 font-mono text-sm text-slate-800">
                <input
                  type="checkbox"
                  className={checkboxClasses}
                  checked={chosen.includes(o)}
                  onChange={(e) => toggle(o, e.target.checked)}
                />
                {o}
              </label>
            ))}
          </div>
          {field.open && (
            <div className="flex gap-2">
              <Input
                value={extra}
                onChange={(e) => setExtra(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    add();
                  }
                }}
                placeholder={t('form.otherValue')}
                aria-label={t('form.otherValueFor', { label })}
                className="min-w-0 flex-1"
              />
              <Button type="button" variant="secondary" onClick={add}>
                {t('form.addValue')}
              </Button>
            </div>
          )}
        </Group>
      );
    }
    case 'lists':
      return (
        <Group legend={label}>
          <Input
            value={typeof value === 'string' ? value : ''}
            onChange={(e) => onChange(e.target.value)}
            placeholder={t('form.listsExample')}
            aria-label={label}
            aria-invalid={invalid || undefined}
            className="font-mono"
          />
        </Group>
      );
    case 'range': {
      const r = value && typeof value === 'object' && 'min' in value ? value : { min: '', max: '' };
      return (
        <Group legend={label}>
          <div className="grid grid-cols-2 gap-2">
            <NumberBox
              label={t('form.durationMin')}
              value={r.min}
              onChange={(min) => onChange({ ...r, min })}
              invalid={invalid}
            />
            <NumberBox
              label={t('form.durationMax')}
              value={r.max}
              onChange={(max) => onChange({ ...r, max })}
              invalid={invalid}
            />
          </div>
        </Group>
      );
    }
    case 'sizes': {
      const s: SizesDraft =
        value && typeof value === 'object' && 'mode' in value ? value : { mode: 'auto', list: '', rule: {} };
      return (
        <Group legend={label}>
          <Select
            value={s.mode}
            onChange={(e) => onChange({ ...s, mode: e.target.value as SizesDraft['mode'] })}
            aria-label={label}
          >
            <option value="auto">{t('form.sizesAuto')}</option>
            <option value="list">{t('form.sizesList')}</option>
            <option value="rule">{t('form.sizesRule')}</option>
          </Select>
          {s.mode === 'list' && (
            <Input
              value={s.list}
              onChange={(e) => onChange({ ...s, list: e.target.value })}
              placeholder={t('form.sizesExample')}
              aria-label={t('form.sizesListFor', { label })}
              aria-invalid={invalid || undefined}
              className="font-mono"
            />
          )}
          {s.mode === 'rule' && (
            <div className="grid grid-cols-2 gap-2">
              {field.ruleKeys.map((k) => (
                <NumberBox
                  key={k}
                  label={sizeRuleLabel(t, k)}
                  value={s.rule[k] ?? ''}
                  onChange={(n) => onChange({ ...s, rule: { ...s.rule, [k]: n } })}
                  invalid={invalid}
                />
              ))}
            </div>
          )}
        </Group>
      );
    }
  }
}
