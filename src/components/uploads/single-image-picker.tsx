'use client';

import { UploadedImageGrid, type PickedImage } from './uploaded-image-grid';

export type { PickedImage };

interface SingleImagePickerProps {
  legend: string;
  hint: string;
  /** The accessible name of an image's button ("Read 海报.png"). */
  pickLabel: (name: string) => string;
  selected: PickedImage | null;
  onChange: (image: PickedImage | null) => void;
  disabled?: boolean;
}

/** One image from the caller's recent uploads, or a new upload that becomes the choice; a second click clears it. */
export function SingleImagePicker({
  legend,
  hint,
  pickLabel,
  selected,
  onChange,
  disabled = false,
}: SingleImagePickerProps) {
  return (
    <UploadedImageGrid
      legend={legend}
      hint={hint}
      pickLabel={pickLabel}
      isSelected={(url) => selected?.url === url}
      onToggle={(image) => onChange(selected?.url === image.url ? null : image)}
      onUploaded={onChange}
      disabled={disabled}
    />
  );
}
