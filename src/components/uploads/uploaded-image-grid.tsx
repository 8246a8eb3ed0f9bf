'use client';

import { useTranslations } from 'next-intl';
import { useId, useRef, useState, type DragEvent } from 'react';
import { trpc } from '@/trpc/react';
import { CheckIcon, PlusIcon } from '@/components/icons';
import { cn } from '@/components/ui/cn';
import { Spinner } from '@/components/ui/spinner';
import { uploadFile } from './upload-client';
import { useUploadTransport } from './use-upload-transport';
import { useUploadErrorText } from './use-upload-error-text';

const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

export interface PickedImage {
  url: string;
  name: string;
}

interface UploadedImageGridProps {
  legend: string;
  /** Shown under the legend once the uploads are loaded and there are some. */
  hint: string;
  /** The accessible name of an image's button. */
  pickLabel: (name: string) => string;
  isSelected: (url: string) => boolean;
  /** Clicked: an image toggled on or off. */
  onToggle: (image: PickedImage) => void;
  /** A new upload finished. */
  onUploaded: (image: PickedImage) => void;
  /** No more images may be picked: the others and the upload button are disabled. */
  full?: boolean;
  disabled?: boolean;
}

/**
 * The caller's recent uploaded images as buttons to pick, and one that uploads a new image (the
 * console's upload path). What a pick means (one image, or several up to a limit) is the caller's.
 */
export function UploadedImageGrid({
  legend,
  hint,
  pickLabel,
  isSelected,
  onToggle,
  onUploaded,
  full = false,
  disabled = false,
}: UploadedImageGridProps) {
  const t = useTranslations('uploads');
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const utils = trpc.useUtils();
  const uploads = trpc.uploads.list.useQuery({ limit: 60 }, { staleTime: 0 });
  const transport = useUploadTransport();
  const uploadErrorText = useUploadErrorText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const canDrop = !disabled && !busy && !full;

  const images = (uploads.data?.uploads ?? []).filter((u) => u.media_type === 'image').slice(0, 12);

  async function upload(file: File) {
    setBusy(true);
    setError(null);
    try {
      const out = await uploadFile(transport, file);
      onUploaded({ url: out.result.url, name: file.name });
      void utils.uploads.list.invalidate();
    } catch (err) {
      setError(uploadErrorText(err, file.name));
    } finally {
      setBusy(false);
    }
  }

  function onDrop(e: DragEvent<HTMLFieldSetElement>) {
    e.preventDefault();
    setDragging(false);
    if (!canDrop) return;
    const file = Array.from(e.dataTransfer.files).find((f) => ACCEPT.split(',').includes(f.type));
    if (file) void upload(file);
    else if (e.dataTransfer.files.length) setError(t('grid.notImage'));
  }

  // A file dropped anywhere on the picker is uploaded, as if chosen with the upload button.
  return (
    <fieldset
      className={cn(
        'min-w-0 space-y-2 rounded-xl transition-colors',
        dragging && 'bg-indigo-50 ring-2 ring-indigo-400 ring-offset-4',
      )}
      aria-describedby={`${id}-hint`}
      disabled={disabled}
      onDragOver={(e) => {
        if (!canDrop) return;
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={onDrop}
    >
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {uploads.isPending ? t('grid.loading') : images.length === 0 ? t('grid.empty') : hint}
      </p>
      <ul className="flex flex-wrap gap-2">
        {images.map((u) => {
          const name = u.filename ?? u.key.split('/').pop() ?? u.key;
          const on = isSelected(u.url);
          return (
            <li key={u.key}>
              <button
                type="button"
                aria-pressed={on}
                aria-label={pickLabel(name)}
                title={name}
                disabled={!on && full}
                onClick={() => onToggle({ url: u.url, name })}
                className={cn(
                  'relative block size-16 overflow-hidden rounded-lg ring-2 transition focus-visible:outline-2 ' +
                    'focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-40',
                  on ? 'ring-indigo-600' : 'ring-transparent hover:ring-slate-300',
                )}
              >
                {/* Uploaded files are served from the deployment's storage; the empty alt is no text (the button carries the name). */}
                {/* eslint-disable-next-line @next/next/no-img-element, no-restricted-syntax */}
                <img src={u.url} alt="" className="size-full bg-slate-100 object-cover" />
                {on && (
                  <span className="absolute top-1 right-1 rounded-full bg-indigo-600 p-0.5 text-white">
                    <CheckIcon className="size-3" />
                  </span>
                )}
              </button>
            </li>
          );
        })}
        <li>
          <button
            type="button"
            onClick={() => fileInput.current?.click()}
            disabled={busy || full}
            className={
              'flex size-16 flex-col items-center justify-center gap-0.5 rounded-lg border border-dashed ' +
              'border-slate-300 text-[11px] leading-tight font-medium text-slate-600 hover:border-slate-400 ' +
              'hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-50'
            }
          >
            {busy ? <Spinner className="size-4" /> : <PlusIcon className="size-4" />}
            <span className="px-1 text-center">{busy ? t('grid.uploading') : t('grid.upload')}</span>
          </button>
          <input
            ref={fileInput}
            type="file"
            accept={ACCEPT}
            aria-label={t('grid.choose')}
            className="sr-only"
            tabIndex={-1}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void upload(file);
            }}
          />
        </li>
      </ul>
      {error && (
        <p role="alert" className="text-xs break-words text-rose-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
