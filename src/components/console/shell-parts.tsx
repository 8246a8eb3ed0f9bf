import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { cn } from '@/components/ui/cn';
import { Wordmark } from '@/components/wordmark';

/** The first stop of the keyboard: straight past the header and navigation to the page. */
export function SkipLink({ target }: { target: string }) {
  const t = useTranslations('shell');
  return (
    <a
      href={`#${target}`}
      className={
        'sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-md ' +
        'focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:shadow'
      }
    >
      {t('skip')}
    </a>
  );
}

/** The Studio wordmark, leading to the console's Overview. */
export function HomeLink({ className }: { className?: string }) {
  return (
    <Link
      href="/overview"
      className={cn('rounded-md focus-visible:outline-2 focus-visible:outline-indigo-600', className)}
    >
      <Wordmark />
    </Link>
  );
}
