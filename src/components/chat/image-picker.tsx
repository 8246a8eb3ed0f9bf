'use client';

import { UploadedImageGrid } from '../uploads/uploaded-image-grid';
import type { Attachment } from './conversation';

const TEXT = {
  legend: 'Attach images from your uploads',
  attach: (name: string) => `Attach ${name}`,
  max: (n: number) => `Up to ${n} images per message.`,
} as const;

export const MAX_IMAGES = 4;

interface ImagePickerProps {
  selected: Attachment[];
  onChange: (images: Attachment[]) => void;
}

/** The caller's recent uploaded images to toggle, and a button that uploads a new one and attaches it. */
export function ImagePicker({ selected, onChange }: ImagePickerProps) {
  const full = selected.length >= MAX_IMAGES;
  return (
    <UploadedImageGrid
      legend={TEXT.legend}
      hint={TEXT.max(MAX_IMAGES)}
      pickLabel={TEXT.attach}
      isSelected={(url) => selected.some((s) => s.url === url)}
      full={full}
      onToggle={(file) =>
        onChange(selected.some((s) => s.url === file.url) ? selected.filter((s) => s.url !== file.url) : full ? selected : [...selected, file])
      }
      onUploaded={(file) => {
        if (!full) onChange([...selected, file]);
      }}
    />
  );
}
