import { useLocale } from 'next-intl';
import { templateName, type Named } from './model';

/** A template's name in the page's language (see `templateName`). */
export function useTemplateName(): (t: Named) => string {
  const locale = useLocale();
  return (t) => templateName(t, locale);
}
