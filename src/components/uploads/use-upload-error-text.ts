import { useTranslations } from 'next-intl';
import { failureKind } from '@/components/console/error-text';
import { useErrorText } from '@/components/console/use-error-text';

/**
 * A refused or failed upload as one sentence in the page's language, naming the file: a wrong type
 * or a file over its limit by the server's reason (no field prefix such as `file:`), anything else
 * as the console words any failure, or the transport's own words.
 */
export function useUploadErrorText(): (error: unknown, name: string) => string {
  const t = useTranslations('uploads.errors');
  const errorText = useErrorText();
  return (error, name) => {
    const kind = failureKind(error);
    if (kind === 'file_type_unsupported' || kind === 'unsupported_media_type') return t('unsupported', { name });
    if (kind === 'payload_too_large') return t('tooLarge', { name });
    if (kind) return errorText(error);
    return error instanceof Error && error.message ? error.message : t('failed');
  };
}
