'use client';

import { useTranslations } from 'next-intl';
import { SingleImagePicker, type PickedImage } from '@/components/uploads/single-image-picker';

export type { PickedImage };

interface UploadPickerProps {
  selected: PickedImage | null;
  onChange: (image: PickedImage | null) => void;
  disabled?: boolean;
}

/** The image to read: one of the caller's recent uploads, or a new upload. */
export function UploadPicker(props: UploadPickerProps) {
  const t = useTranslations('reading.picker');
  return (
    <SingleImagePicker legend={t('legend')} hint={t('hint')} pickLabel={(name) => t('pick', { name })} {...props} />
  );
}
