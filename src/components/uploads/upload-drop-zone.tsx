'use client';

import { useTranslations } from 'next-intl';
import { useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { cn } from '@/components/ui/cn';

const ACCEPT =
  'image/png,image/jpeg,image/webp,image/gif,audio/mpeg,audio/wav,audio/x-wav,audio/mp4,audio/x-m4a,audio/flac,audio/ogg,video/mp4,video/quicktime,video/webm';
const LIMITS = [
  ['images', 'PNG, JPG, WebP, GIF', '8 MB'],
  ['audio', 'MP3, WAV, M4A, FLAC, OGG', '20 MB'],
  ['video', 'MP4, MOV, WebM', '50 MB'],
] as const;

/** Files dropped on it, or chosen with the file dialog it opens (click, Enter or Space). */
export function UploadDropZone({ onFiles }: { onFiles: (files: File[]) => void }) {
  const t = useTranslations('uploads.dropZone');
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    if (e.dataTransfer.files.length) onFiles(Array.from(e.dataTransfer.files));
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      fileInput.current?.click();
    }
  };

  // The file input sits beside the drop zone, not inside it: a button holds no other control.
  return (
    <div>
      <div
        role="button"
        tabIndex={0}
        aria-describedby={`${inputId}-limits`}
        onKeyDown={onKey}
        onClick={() => fileInput.current?.click()}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed ' +
            'px-6 py-10 text-center transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 ' +
            'focus-visible:outline-indigo-600',
          dragging
            ? 'border-indigo-500 bg-indigo-50'
            : 'border-slate-300 bg-slate-50 hover:border-indigo-400 hover:bg-indigo-50/40',
        )}
      >
        <svg
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={1.6}
          aria-hidden="true"
          className="size-9 text-indigo-500"
        >
          <path
            strokeLinecap="round"
            strokeLinejoin="round"
            d="M12 16V4m0 0-4 4m4-4 4 4M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2"
          />
        </svg>
        {/* A finger cannot drop files: touch screens (coarse pointer) are only offered the choice. */}
        <p className="text-sm font-medium text-slate-800" data-testid="drop-zone-prompt">
          <span className="pointer-coarse:hidden">{t('prompt')}</span>
          <span className="hidden pointer-coarse:inline">{t('promptTouch')}</span>
        </p>
        <p id={`${inputId}-limits`} className="text-xs text-slate-500">
          {LIMITS.map(([what, types, max]) => t('limit', { what: t(`kinds.${what}`), types, max })).join(' · ')}
        </p>
      </div>
      <label htmlFor={inputId} className="sr-only">
        {t('choose')}
      </label>
      <input
        id={inputId}
        ref={fileInput}
        type="file"
        multiple
        accept={ACCEPT}
        className="sr-only"
        // The drop zone is the keyboard's way in; the input itself takes no tab stop.
        tabIndex={-1}
        onChange={(e) => {
          if (e.target.files?.length) onFiles(Array.from(e.target.files));
          e.target.value = '';
        }}
      />
    </div>
  );
}
