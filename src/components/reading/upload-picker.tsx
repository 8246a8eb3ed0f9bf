'use client';

import { UploadedImageGrid, type PickedImage } from '../uploads/uploaded-image-grid';

export type { PickedImage };

const TEXT = {
  legend: 'Image to read',
  hint: 'Pick one of your uploaded images, or upload a new one.',
  pick: (name: string) => `Read ${name}`,
} as const;

interface UploadPickerProps {
  selected: PickedImage | null;
  onChange: (image: PickedImage | null) => void;
  disabled?: boolean;
}

/** One image from the caller's recent uploads, or a new upload that becomes the choice. */
export function UploadPicker({ selected, onChange, disabled = false }: UploadPickerProps) {
  return (
    <UploadedImageGrid
      legend={TEXT.legend}
      hint={TEXT.hint}
      pickLabel={TEXT.pick}
      isSelected={(url) => selected?.url === url}
      onToggle={(image) => onChange(selected?.url === image.url ? null : image)}
      onUploaded={onChange}
      disabled={disabled}
    />
  );
}
