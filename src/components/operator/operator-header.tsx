import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/console/page-header';

interface OperatorHeaderProps {
  title: string;
  description: string;
  /** A short count beside the button, e.g. "3 of 4 active". */
  summary: ReactNode;
  /** The page's button, if it has one. */
  children?: ReactNode;
}

/** The top of an operator page: what it holds, a count of it, and its button. */
export function OperatorHeader({ title, description, summary, children }: OperatorHeaderProps) {
  const t = useTranslations('operator');
  return (
    <PageHeader
      eyebrow={t('badge')}
      title={title}
      description={description}
      action={
        <div className="flex items-center gap-3">
          <span className="text-xs text-slate-500">{summary}</span>
          {children}
        </div>
      }
    />
  );
}
