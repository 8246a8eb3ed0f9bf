import { useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { formatLabel } from '@/components/templates/model';
import { SampleImage } from '@/components/templates/sample-image';
import type { TemplateOption } from './options';

/** One end of a binding: the template's picture, name and slug, or the slug alone once it is no longer listed. */
export function TemplateChip({
  option,
  slug,
  kind,
}: {
  option: TemplateOption | undefined;
  slug: string;
  kind: 'image' | 'article' | 'video';
}) {
  const t = useTranslations('pipelines.row');
  const formats = useTranslations('templates.formats');
  return (
    <div className="flex min-w-0 flex-1 items-center gap-3">
      <SampleImage
        src={option?.picture}
        name={option?.name ?? slug}
        kind={kind}
        small
        className="size-12 shrink-0 rounded-lg ring-1 ring-slate-200"
      />
      <div className="min-w-0">
        <p className="line-clamp-2 text-sm font-semibold break-words text-slate-900" title={option?.name}>
          {option?.name ?? <span className="text-slate-500">{t('notListed')}</span>}
        </p>
        <p className="flex min-w-0 flex-wrap items-center gap-1.5">
          <code className="min-w-0 font-mono text-xs break-all text-slate-500">{slug}</code>
          {option?.format && <Badge tone="sky">{formatLabel(option.format, (f) => formats(`${f}.label`))}</Badge>}
          {option && !option.active && <Badge tone="rose">{t('inactive')}</Badge>}
        </p>
      </div>
    </div>
  );
}
