import { useTranslations } from 'next-intl';
import type { RecipeOption } from '@/components/fields/recipe-picker';
import { InputKindBadge, NeedsImageBadge, RatioBadge } from '@/components/skills/skill-badges';
import type { Skill, Template } from './use-playground-form';

/** What the template picker says of a template's group and lock, from the `playground.picker` catalogue. */
export interface TemplateOptionWords {
  mine: string;
  platform: string;
  lockedReason: string;
}

/** The words of the template picker in the page's language. */
export function useTemplateOptionWords(): TemplateOptionWords {
  const t = useTranslations('playground.picker');
  return { mine: t('mine'), platform: t('platform'), lockedReason: t('lockedReason') };
}

export function skillOption(s: Skill): RecipeOption {
  return {
    value: s.slug,
    name: s.zh_name,
    description: s.description,
    thumb: s.thumb,
    ratio: s.ratio,
    keywords: s.genre,
    meta: (
      <>
        <InputKindBadge fields={s.fields} />
        {s.ref_required && <NeedsImageBadge />}
        <RatioBadge ratio={s.ratio} />
      </>
    ),
  };
}

export function templateOption(t: Template, words: TemplateOptionWords): RecipeOption {
  return {
    value: t.slug,
    name: t.zh_name,
    description: t.description,
    thumb: t.sample_images[0] ?? null,
    ratio: t.ratio,
    keywords: [t.category, t.domain].join(' '),
    group: t.source === 'mine' ? words.mine : words.platform,
    locked: t.locked,
    lockedReason: words.lockedReason,
    meta: (
      <>
        {t.fields && <InputKindBadge fields={t.fields} />}
        {t.ratio && <RatioBadge ratio={t.ratio} />}
      </>
    ),
  };
}
