import { getTranslations } from 'next-intl/server';
import { ErrorCard } from '@/components/errors/error-card';
import { LanguageSwitch } from '@/components/language-switch';

/**
 * An unknown address in the operator area: in the visitor's language, with the way back to the operator
 * area. Its title comes from ./[...missing]/page.tsx (a nested not-found file has no metadata of its own).
 */
export default async function OperatorNotFound() {
  const t = await getTranslations('operator.notFound');
  return (
    <div className="relative">
      <div className="absolute top-4 right-4">
        <LanguageSwitch />
      </div>
      <ErrorCard
        code="404"
        title={t('title')}
        body={t('body')}
        links={[
          { href: '/operator', label: t('back') },
          { href: '/docs', label: t('docs') },
        ]}
      />
    </div>
  );
}
