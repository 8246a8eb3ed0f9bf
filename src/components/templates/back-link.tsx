import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { ArrowLeftIcon } from '@/components/icons';

/** Back to the template store (a given tab of it). */
export function TemplatesBackLink({ href = '/templates' }: { href?: string }) {
  const t = useTranslations('templates');
  return (
    <Link
      href={href}
      className={
        'inline-flex items-center gap-1.5 rounded text-sm font-medium text-slate-500 hover:text-slate-900 ' +
        'focus-visible:outline-2 focus-visible:outline-indigo-600'
      }
    >
      <ArrowLeftIcon className="size-4" />
      {t('back')}
    </Link>
  );
}
