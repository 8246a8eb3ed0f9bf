import { useLocale, useTranslations } from 'next-intl';
import { applyServerError } from '@/components/ui/form';
import { errorWording } from './error-text';

/**
 * The console's words for a failed call, in the page's language: by the error's machine-readable
 * reason (or a network failure or timeout); an English page keeps the server's detailed text for
 * refusals that name a field or an amount (see `errorWording`). `generic` otherwise.
 */
export function useErrorText(): (error: unknown) => string {
  const t = useTranslations('errorCodes');
  const locale = useLocale();
  return (error: unknown) => {
    const wording = errorWording(error, locale);
    return 'text' in wording ? wording.text : t(wording.key);
  };
}

/** An error whose message is the console's words for it, keeping its data (the refused fields) for forms. */
export function withConsoleText<E>(error: E, text: string): E | Error {
  if (typeof error !== 'object' || error === null) return new Error(text);
  return Object.assign(Object.create(Object.getPrototypeOf(error) as object) as object, error, { message: text });
}

/**
 * `applyServerError` in the page's words: refused fields still go under their inputs, and what no
 * field can show is said under the form as `useErrorText` words it.
 */
export function useApplyServerError(): typeof applyServerError {
  const text = useErrorText();
  return (form, error, mapPath) => applyServerError(form, withConsoleText(error, text(error)), mapPath);
}
