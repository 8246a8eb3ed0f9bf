import { useTranslations } from 'next-intl';
import { FormIcon, ImageIcon, SentenceIcon } from '@/components/icons';
import { Badge } from '@/components/ui/badge';
import { RatioGlyph } from '@/components/playground/ratio-glyph';

/** "Form · N fields" for skills and templates with fields, "One sentence" for the others. */
export function InputKindBadge({ fields }: { fields: readonly unknown[] | null }) {
  const t = useTranslations('skills.badges');
  if (fields && fields.length > 0) {
    return (
      <Badge tone="indigo" className="gap-1">
        <FormIcon className="size-3" />
        {t('form', { count: fields.length })}
      </Badge>
    );
  }
  return (
    <Badge tone="sky" className="gap-1">
      <SentenceIcon className="size-3" />
      {t('sentence')}
    </Badge>
  );
}

export function NeedsImageBadge() {
  const t = useTranslations('skills.badges');
  return (
    <Badge tone="amber" className="gap-1">
      <ImageIcon className="size-3" />
      {t('needsImage')}
    </Badge>
  );
}

export function RatioBadge({ ratio }: { ratio: string }) {
  const t = useTranslations('skills.badges');
  return (
    <Badge className="gap-1 tabular-nums">
      <RatioGlyph ratio={ratio} />
      <span className="sr-only">{t('ratio')}</span>
      {ratio}
    </Badge>
  );
}
