import { useTranslations } from 'next-intl';

/** Where a skill comes from (the API's `origin`), in the page's language; an unknown origin is shown as it comes. */
export function useOriginName(): (origin: string) => string {
  const t = useTranslations('operator.skills.origins');
  return (origin) => (origin === 'catalog' || origin === 'operator' ? t(origin) : origin);
}
