import type { ArticleFormat } from '../templates/model';

/** A template as the hook forms offer it. */
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

/** The three stores a hook draws from, as loaded. */
export interface Catalog {
  image: TemplateOption[];
  article: TemplateOption[];
  video: TemplateOption[];
  loading: boolean;
  error: string | null;
}

export const HOOK_TYPES: { value: HookType; label: string }[] = [
  { value: 'article', label: 'Article' },
  { value: 'video', label: 'Video' },
];

/** How the forms name a store's templates. */
export const STORE_WORDS: Record<'image' | HookType, { label: string; a: string }> = {
  image: { label: 'Image template', a: 'an image' },
  article: { label: 'Article template', a: 'an article' },
  video: { label: 'Video template', a: 'a video' },
};

const optionText = (t: TemplateOption) => `${t.name} · ${t.slug}${t.active ? '' : ' (inactive)'}`;

/** `<option>`s of one store, yours first, grouped by source; a stored slug no longer listed is kept. */
export function TemplateOptions({ items, keep }: { items: TemplateOption[]; keep?: string }) {
  const groups = [
    { label: 'Mine', members: items.filter((t) => t.source === 'mine') },
    { label: 'Platform', members: items.filter((t) => t.source === 'platform') },
  ].filter((g) => g.members.length > 0);
  const missing = keep && !items.some((t) => t.slug === keep);
  return (
    <>
      {missing && <option value={keep}>{keep} (not listed)</option>}
      {groups.map((g) => (
        <optgroup key={g.label} label={g.label}>
          {g.members.map((t) => (
            <option key={t.slug} value={t.slug}>
              {optionText(t)}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}
