import { useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/components/ui/cn';
import { CopyButton } from '@/components/ui/copy-button';
import { LockIcon } from '@/components/icons';
import { formatLabel, type AnyTemplate } from './model';

/** Mine/Platform (or the seller of a template bought with a claim code), Gated, Inactive and, for articles, the copy format. */
export function TemplateBadges({ t, className }: { t: AnyTemplate; className?: string }) {
  const words = useTranslations('templates');
  return (
    <div className={cn('flex flex-wrap items-center gap-1.5', className)}>
      {t.source === 'mine' ? (
        <Badge tone="indigo">{words('sources.mine')}</Badge>
      ) : t.seller ? (
        <Badge title={words('badges.fromTitle')}>{words('badges.from', { seller: t.seller })}</Badge>
      ) : (
        <Badge>{words('sources.platform')}</Badge>
      )}
      {t.gated && (
        <Badge
          tone="amber"
          className="gap-1"
          title={
            t.locked
              ? words('badges.gatedLocked')
              : t.source === 'mine'
                ? words('badges.gatedMine')
                : words('badges.gatedUnlocked')
          }
        >
          <LockIcon className="size-3" />
          {words('badges.gated')}
        </Badge>
      )}
      {!t.active && <Badge tone="rose">{words('badges.inactive')}</Badge>}
      {t.kind === 'article' && t.format && (
        <Badge tone="sky" data-format={t.format}>
          {formatLabel(t.format, (f) => words(`formats.${f}.label`))}
        </Badge>
      )}
      {t.kind === 'image' && t.ratio && <Badge className="font-mono tabular-nums">{t.ratio}</Badge>}
    </div>
  );
}

/** A template's badges and slug, with a button that copies the slug. */
export function TemplateIdentity({ t }: { t: AnyTemplate }) {
  const words = useTranslations('templates.card');
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2">
      <TemplateBadges t={t} />
      <code className="max-w-full truncate rounded-md bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700">
        {t.slug}
      </code>
      <CopyButton value={t.slug} label={words('slug')} />
    </div>
  );
}
