'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { UploadsIcon } from '@/components/icons';
import { trpc } from '@/trpc/react';
import { ReferencePicker } from '@/components/playground/reference-picker';
import { uploadFile } from '@/components/uploads/upload-client';
import { useUploadErrorText } from '@/components/uploads/use-upload-error-text';
import { useUploadTransport } from '@/components/uploads/use-upload-transport';

interface ImageFieldInputProps {
  label: string;
  required: boolean;
  /** The chosen image's URL, '' when none. */
  value: string;
  onChange: (url: string) => void;
  disabled?: boolean;
  error?: string;
}

/**
 * An image field of a recipe: one image from the caller's results or uploads, a file uploaded here
 * (through the uploads API, as the Uploads page does), or the URL or upload key of one pasted in. The
 * request sends what was chosen; the server checks that it is the caller's.
 */
export function ImageFieldInput({ label, required, value, onChange, disabled, error }: ImageFieldInputProps) {
  const t = useTranslations('fields.image');
  const transport = useUploadTransport();
  const utils = trpc.useUtils();
  const errorText = useUploadErrorText();
  const inputId = useId();
  const pasteId = useId();
  const [uploading, setUploading] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  function upload(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    setFailed(null);
    uploadFile(transport, file, { onProgress: () => undefined })
      .then((out) => {
        onChange(out.result.url);
        void utils.uploads.list.invalidate();
      })
      .catch((err: unknown) => setFailed(errorText(err, file.name)))
      .finally(() => setUploading(false));
  }

  return (
    <div className="space-y-2" data-testid="image-field">
      <ReferencePicker
        legend={label}
        required={required}
        selected={value ? [value] : []}
        onChange={(urls) => onChange(urls.at(-1) ?? '')}
        max={1}
        error={error ?? failed}
      />
      <div className="flex items-center gap-2">
        <input
          id={inputId}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          aria-label={t('uploadFor', { label })}
          className="sr-only"
          disabled={disabled || uploading}
          onChange={(e) => {
            upload(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <Button
          variant="secondary"
          disabled={disabled || uploading}
          onClick={() => document.getElementById(inputId)?.click()}
        >
          <UploadsIcon className="size-4" />
          {uploading ? t('uploading') : t('upload')}
        </Button>
        {value && (
          <Button variant="ghost" onClick={() => onChange('')} disabled={disabled}>
            {t('remove')}
          </Button>
        )}
      </div>
      <div className="space-y-1">
        <label htmlFor={pasteId} className="text-xs text-slate-600">
          {t('paste', { label })}
        </label>
        <Input
          id={pasteId}
          type="text"
          inputMode="url"
          spellCheck={false}
          value={value}
          placeholder={t('pastePlaceholder')}
          disabled={disabled || uploading}
          maxLength={2048}
          onChange={(e) => onChange(e.target.value.trim())}
        />
      </div>
    </div>
  );
}
