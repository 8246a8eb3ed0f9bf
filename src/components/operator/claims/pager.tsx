import { useTranslations } from 'next-intl';
import { ArrowLeftIcon, ArrowRightIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';

interface PagerProps {
  page: number;
  /** Back to the newer page; absent on the first. */
  onNewer: (() => void) | undefined;
  /** On to the older page; absent on the last. */
  onOlder: (() => void) | undefined;
}

/** Newer and older pages of a list that is newest first, with the page's number between. */
export function Pager({ page, onNewer, onOlder }: PagerProps) {
  const t = useTranslations('operatorClaims.pager');
  if (!onNewer && !onOlder) return null;
  return (
    <nav aria-label={t('label')} className="flex items-center justify-between gap-3">
      <Button variant="secondary" size="sm" disabled={!onNewer} onClick={onNewer}>
        <ArrowLeftIcon className="size-4" />
        {t('newer')}
      </Button>
      <span className="text-xs text-slate-500" aria-live="polite">
        {t('page', { page })}
      </span>
      <Button variant="secondary" size="sm" disabled={!onOlder} onClick={onOlder}>
        {t('older')}
        <ArrowRightIcon className="size-4" />
      </Button>
    </nav>
  );
}
