'use client';

import { useTranslations } from 'next-intl';
import { UploadedImageGrid } from '@/components/uploads/uploaded-image-grid';
import type { Attachment } from './conversation';

export const MAX_IMAGES = 4;

interface ImagePickerProps {
  selected: Attachment[];
  onChange: (images: Attachment[]) => void;
}

/** The caller's recent uploaded images to toggle, and a button that uploads a new one and attaches it. */
export function ImagePicker({ selected, onChange }: ImagePickerProps) {
  const t = useTranslations('chat.picker');
  const full = selected.length >= MAX_IMAGES;
  return (
    <UploadedImageGrid
      legend={t('legend')}
      hint={t('max', { count: MAX_IMAGES })}
      pickLabel={(name: string) => t('attach', { name })}
      isSelected={(url) => selected.some((s) => s.url === url)}
      full={full}
      onToggle={(file) =>
        onChange(
          selected.some((s) => s.url === file.url)
            ? selected.filter((s) => s.url !== file.url)
            : full
              ? selected
              : [...selected, file],
        )
      }
      onUploaded={(file) => {
        if (!full) onChange([...selected, file]);
      }}
    />
  );
}
