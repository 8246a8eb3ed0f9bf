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

const optionText = (t: TemplateOption) => `${t.name} · ${t.slug}${t.active ? '' : ' (inactive)'}`;

/** `<option>`s of one store, yours first, grouped by source; a stored slug no longer listed is kept. */
export function TemplateOptions({ items, keep }: { items: TemplateOption[]; keep?: string }) {
  const mine = items.filter((t) => t.source === 'mine');
  const platform = items.filter((t) => t.source === 'platform');
  const missing = keep && !items.some((t) => t.slug === keep);
  return (
    <>
      {missing && <option value={keep}>{keep} (not listed)</option>}
      {mine.length > 0 && (
        <optgroup label="Mine">
          {mine.map((t) => (
            <option key={t.slug} value={t.slug}>
              {optionText(t)}
            </option>
          ))}
        </optgroup>
      )}
      {platform.length > 0 && (
        <optgroup label="Platform">
          {platform.map((t) => (
            <option key={t.slug} value={t.slug}>
              {optionText(t)}
            </option>
          ))}
        </optgroup>
      )}
    </>
  );
}
