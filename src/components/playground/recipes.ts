import type { FieldSpec } from '../fields/field-model';

/** Where the Playground's prompt comes from. */
export type Source = 'prompt' | 'skill' | 'template';

/** A skill or an image template, as the Playground form needs it. */
export interface Recipe {
  kind: 'skill' | 'template';
  /** Unique across kinds: `skill:<slug>` or `template:<slug>`. */
  key: string;
  slug: string;
  /** What `jobs.generate` takes: the skill's slug or the template's id. */
  ref: string;
  name: string;
  description: string;
  ratio: string | null;
  thumb: string | null;
  /** null: one sentence (or, for a locked template, unknown). */
  fields: FieldSpec[] | null;
  /** Without fields: whether the sentence must be given (skills) or may be left out (templates). */
  sentence: 'required' | 'optional';
  refRequired: boolean;
  locked: boolean;
  /** A template's own reference images, used when the caller chooses none. */
  defaultReferences: number;
}

interface SkillRow {
  slug: string;
  zh_name: string;
  description: string;
  ratio: string;
  ref_required: boolean;
  thumb: string;
  fields: FieldSpec[] | null;
}

interface TemplateRow {
  id: string;
  slug: string;
  zh_name: string;
  description: string;
  ratio: string | null;
  sample_images: string[];
  fields: FieldSpec[] | null;
  locked: boolean;
  generation_configs: { default_reference_images?: string[] }[] | null;
}

export function skillRecipe(s: SkillRow): Recipe {
  return {
    kind: 'skill',
    key: `skill:${s.slug}`,
    slug: s.slug,
    ref: s.slug,
    name: s.zh_name,
    description: s.description,
    ratio: s.ratio,
    thumb: s.thumb,
    fields: s.fields,
    sentence: 'required',
    refRequired: s.ref_required,
    locked: false,
    defaultReferences: 0,
  };
}

export function templateRecipe(t: TemplateRow): Recipe {
  const defaults = t.generation_configs?.find((c) => (c.default_reference_images?.length ?? 0) > 0)?.default_reference_images?.length ?? 0;
  return {
    kind: 'template',
    key: `template:${t.slug}`,
    slug: t.slug,
    ref: t.id,
    name: t.zh_name,
    description: t.description,
    ratio: t.ratio,
    thumb: t.sample_images[0] ?? null,
    fields: t.fields,
    sentence: 'optional',
    refRequired: false,
    locked: t.locked,
    defaultReferences: defaults,
  };
}

/** A template by slug or id, as `?template=` and `template_id` accept either. */
export function findTemplate<T extends { id: string; slug: string }>(templates: readonly T[], ref: string | null): T | undefined {
  if (!ref) return undefined;
  return templates.find((t) => t.slug === ref) ?? templates.find((t) => t.id === ref);
}

const first = (v: string | string[] | undefined): string | null => {
  const s = (Array.isArray(v) ? v[0] : v)?.trim();
  return s ? s : null;
};

/** The Playground's starting point from its address: `?skill=<slug>` or `?template=<slug or id>`; a skill wins if both are given. */
export function sourceFromParams(params: Record<string, string | string[] | undefined>): {
  source: Source;
  skill: string | null;
  template: string | null;
} {
  const skill = first(params.skill);
  const template = first(params.template);
  if (skill) return { source: 'skill', skill, template: null };
  if (template) return { source: 'template', skill: null, template };
  return { source: 'prompt', skill: null, template: null };
}

/** The address that reopens the Playground as it is now. */
export function playgroundHref(source: Source, skill: string | null, template: string | null): string {
  if (source === 'skill' && skill) return `/playground?skill=${encodeURIComponent(skill)}`;
  if (source === 'template' && template) return `/playground?template=${encodeURIComponent(template)}`;
  return '/playground';
}
