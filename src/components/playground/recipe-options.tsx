import type { RecipeOption } from '../fields/recipe-picker';
import { InputKindBadge, NeedsImageBadge, RatioBadge } from '../skills/skill-badges';
import type { Skill, Template } from './use-playground-form';

const LOCKED_REASON = 'Comes with a claim code';

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

export function templateOption(t: Template): RecipeOption {
  return {
    value: t.slug,
    name: t.zh_name,
    description: t.description,
    thumb: t.sample_images[0] ?? null,
    ratio: t.ratio,
    keywords: [t.category, t.domain].join(' '),
    group: t.source === 'mine' ? 'Your templates' : 'Platform templates',
    locked: t.locked,
    lockedReason: LOCKED_REASON,
    meta: (
      <>
        {t.fields && <InputKindBadge fields={t.fields} />}
        {t.ratio && <RatioBadge ratio={t.ratio} />}
      </>
    ),
  };
}
