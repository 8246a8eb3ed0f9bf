import { Badge } from '../ui/badge';
import { cn } from '../ui/cn';
import { LockIcon } from '@/components/icons';
import { formatLabel, type AnyTemplate } from './model';

/** Mine/Platform (or the seller of a template bought with a claim code), Gated, Inactive and, for articles, the copy format. */
export function TemplateBadges({ t, className }: { t: AnyTemplate; className?: string }) {
  return (
    <div className={cn('flex flex-wrap items-center gap-1.5', className)}>
      {t.source === 'mine' ? (
        <Badge tone="indigo">Mine</Badge>
      ) : t.seller ? (
        <Badge title="Unlocked by a claim code from this seller">From {t.seller}</Badge>
      ) : (
        <Badge>Platform</Badge>
      )}
      {t.gated && (
        <Badge tone="amber" className="gap-1" title={t.locked ? 'The prompt and form come with a claim code' : 'Gated: shown only to your workspace and claim-code holders'}>
          <LockIcon className="size-3" />
          Gated
        </Badge>
      )}
      {!t.active && <Badge tone="rose">Inactive</Badge>}
      {t.kind === 'article' && t.format && (
        <Badge tone="sky" data-format={t.format}>
          {formatLabel(t.format)}
        </Badge>
      )}
      {t.kind === 'image' && t.ratio && <Badge className="font-mono tabular-nums">{t.ratio}</Badge>}
    </div>
  );
}
