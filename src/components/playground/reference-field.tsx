'use client';

import { useController } from 'react-hook-form';
import { MAX_REFERENCE_IMAGES } from '@/contracts/jobs';
import type { PlaygroundValues } from './playground-form';
import { ReferencePicker } from './reference-picker';

interface ReferenceFieldProps {
  id: string;
  /** The chosen skill works from the caller's own image. */
  required: boolean;
  /** What the chosen model does with references, if it ignores them. */
  warning: string | null;
}

/** The form's reference images. */
export function ReferenceField({ id, required, warning }: ReferenceFieldProps) {
  const { field, fieldState } = useController<PlaygroundValues, 'reference_images'>({ name: 'reference_images' });
  // A refusal of the references brings the picker into view (it has no single input to focus).
  const ref = (el: HTMLFieldSetElement | null) =>
    field.ref(el && { focus: () => el.scrollIntoView({ behavior: 'smooth', block: 'center' }) });
  return (
    <ReferencePicker
      id={id}
      ref={ref}
      selected={field.value}
      onChange={field.onChange}
      warning={warning}
      max={MAX_REFERENCE_IMAGES}
      required={required}
      error={fieldState.error?.message}
    />
  );
}
