import { useTranslations } from 'next-intl';
import type { ArticleFormat } from '@/components/templates/model';

/** A template as the pipeline forms offer it. */
export interface TemplateOption {
  slug: string;
  name: string;
  source: 'mine' | 'platform';
  active: boolean;
  gated: boolean;
  picture?: string | null;
  format?: ArticleFormat | null;
}

export type HookType = 'article' | 'video';

/** The three stores a pipeline draws from, as loaded. */
export interface Catalog {
  image: TemplateOption[];
  article: TemplateOption[];
  video: TemplateOption[];
  loading: boolean;
  error: string | null;
}

export const HOOK_TYPES: readonly HookType[] = ['article', 'video'];

/** The stores a pipeline's ends come from. */
export type Store = 'image' | HookType;

/** `<option>`s of one store, yours first, grouped by source; a stored slug no longer listed is kept. */
export function TemplateOptions({ items, keep }: { items: TemplateOption[]; keep?: string }) {
  const t = useTranslations('pipelines.options');
  const groups = [
    { key: 'mine', label: t('mine'), members: items.filter((o) => o.source === 'mine') },
    { key: 'platform', label: t('platform'), members: items.filter((o) => o.source === 'platform') },
  ].filter((g) => g.members.length > 0);
  const optionText = (o: TemplateOption) => t(o.active ? 'active' : 'inactive', { name: o.name, slug: o.slug });
  const missing = keep && !items.some((t) => t.slug === keep);
  return (
    <>
      {missing && <option value={keep}>{t('notListed', { slug: keep })}</option>}
      {groups.map((g) => (
        <optgroup key={g.key} label={g.label}>
          {g.members.map((o) => (
            <option key={o.slug} value={o.slug}>
              {optionText(o)}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}
