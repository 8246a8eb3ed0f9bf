'use client';

import { SingleImagePicker, type PickedImage } from '../uploads/single-image-picker';

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

/** The image to read: one of the caller's recent uploads, or a new upload. */
export function UploadPicker(props: UploadPickerProps) {
  return <SingleImagePicker legend={TEXT.legend} hint={TEXT.hint} pickLabel={TEXT.pick} {...props} />;
}
