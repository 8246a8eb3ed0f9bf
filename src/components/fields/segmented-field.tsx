'use client';

import type { ReactNode } from 'react';
import { useController } from 'react-hook-form';
import { Segmented, type SegmentOption } from '@/components/ui/segmented';

interface SegmentedFieldProps<T extends string> {
  /** The form value, also the radio group's name. */
  name: string;
  legend: ReactNode;
  options: SegmentOption<T>[];
  description?: ReactNode;
}

/** A form value chosen from a row of segments. */
export function SegmentedField<T extends string>({ name, legend, options, description }: SegmentedFieldProps<T>) {
  const { field } = useController({ name });
  return (
    <Segmented
      legend={legend}
      name={name}
      value={field.value as T}
      onChange={field.onChange}
      options={options}
      description={description}
    />
  );
}
