import type { ReactNode } from 'react';

/** One choice of a recipe picker (a skill or a template), as the list shows it. */
export interface RecipeOption {
  /** What the picker reports: a skill's slug, a template's slug. */
  value: string;
  name: string;
  description?: string;
  thumb?: string | null;
  ratio?: string | null;
  /** Small badges (kind of input, format, ratio), shown under the name. */
  meta?: ReactNode;
  /** Options of the same group are listed under one heading, in the order given. */
  group?: string;
  /** Listed but not choosable, with the reason beside the lock. */
  locked?: boolean;
  lockedReason?: string;
  /** Extra text the search matches (slug, genre, category). */
  keywords?: string;
  /** Stands in for this option's thumbnail when it has none. */
  icon?: ReactNode;
}
