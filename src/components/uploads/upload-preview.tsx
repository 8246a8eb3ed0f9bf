import { useTranslations } from 'next-intl';
import type { UploadResult } from './upload-client';

/** A file's size; the units read the same in both languages. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** An uploaded file shown as what it is: the picture, or a player. */
export function UploadPreview({
  file,
  name,
}: {
  file: Pick<UploadResult, 'url' | 'media_type' | 'mime'>;
  name: string;
}) {
  const t = useTranslations('uploads.preview');
  if (file.media_type === 'image') {
    // The caller's own file on the storage host (local or a bucket), at its size.
    return (
      // eslint-disable-next-line @next/next/no-img-element
      <img src={file.url} alt={t('image', { name })} className="h-40 w-full rounded-lg bg-slate-100 object-contain" />
    );
  }
  if (file.media_type === 'audio') {
    return <audio controls preload="metadata" src={file.url} className="w-full" aria-label={t('play', { name })} />;
  }
  return (
    <video
      controls
      preload="metadata"
      src={file.url}
      className="h-40 w-full rounded-lg bg-slate-900"
      aria-label={t('play', { name })}
    />
  );
}
