'use client';

import type { ReactNode } from 'react';
import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';
import { cn } from '@/components/ui/cn';
import { FormField } from '@/components/ui/form';
import { Switch } from '@/components/ui/switch';

const LOOKS = {
  /** On the card itself (the template editor). */
  plain: { row: '', label: 'text-slate-900', description: 'text-sm' },
  /** In a tinted box (the skill editor). */
  boxed: {
    row: 'rounded-lg bg-slate-50 px-3 py-2.5 ring-1 ring-inset ring-slate-200/70',
    label: 'text-slate-800',
    description: 'text-xs leading-5',
  },
};

interface ToggleRowProps {
  label: string;
  description: ReactNode;
  checked: boolean;
  onChange: (value: boolean) => void;
  look?: keyof typeof LOOKS;
}

/** A switch named by its label, with a line on what it does. */
export function ToggleRow({ label, description, checked, onChange, look = 'plain' }: ToggleRowProps) {
  const classes = LOOKS[look];
  return (
    <div className={cn('flex items-start justify-between gap-4', classes.row)}>
      <div className="min-w-0">
        <p className={cn('text-sm font-medium', classes.label)}>{label}</p>
        <p className={cn('mt-0.5 text-slate-500', classes.description)}>{description}</p>
      </div>
      <Switch checked={checked} onChange={onChange} label={label} className="mt-0.5" />
    </div>
  );
}

interface SwitchFieldProps<T extends FieldValues> extends Omit<ToggleRowProps, 'checked' | 'onChange'> {
  control: Control<T>;
  /** A yes/no input of the form. */
  name: FieldPathByValue<T, boolean>;
}

/** A ToggleRow bound to a yes/no input of the form around it. */
export function SwitchField<T extends FieldValues>({ control, name, ...row }: SwitchFieldProps<T>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => <ToggleRow {...row} checked={field.value} onChange={field.onChange} />}
    />
  );
}
