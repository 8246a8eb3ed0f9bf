import type { FieldSpec } from '@/components/fields/field-model';

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

export interface SkillRow {
  slug: string;
  zh_name: string;
  description: string;
  ratio: string;
  ref_required: boolean;
  thumb: string;
  fields: FieldSpec[] | null;
}

export interface TemplateRow {
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

/** What a skill or template row says the same way; the rest is the recipe's own. */
function recipeOf(
  kind: Recipe['kind'],
  row: { slug: string; zh_name: string; description: string; ratio: string | null; fields: FieldSpec[] | null },
  own: Pick<Recipe, 'ref' | 'thumb' | 'sentence' | 'refRequired' | 'locked' | 'defaultReferences'>,
): Recipe {
  return {
    kind,
    key: `${kind}:${row.slug}`,
    slug: row.slug,
    name: row.zh_name,
    description: row.description,
    ratio: row.ratio,
    fields: row.fields,
    ...own,
  };
}

/** A skill is sent by slug, and its sentence is required. */
export function skillRecipe(s: SkillRow): Recipe {
  return recipeOf('skill', s, {
    ref: s.slug,
    thumb: s.thumb,
    sentence: 'required',
    refRequired: s.ref_required,
    locked: false,
    defaultReferences: 0,
  });
}

/** A template is sent by id; its sentence may be left out, and its own reference images stand in for none chosen. */
export function templateRecipe(t: TemplateRow): Recipe {
  const defaults =
    t.generation_configs?.find((c) => (c.default_reference_images?.length ?? 0) > 0)?.default_reference_images
      ?.length ?? 0;
  const thumb = t.sample_images[0] ?? null;
  return recipeOf('template', t, {
    ref: t.id,
    thumb,
    sentence: 'optional',
    refRequired: false,
    locked: t.locked,
    defaultReferences: defaults,
  });
}

/** What the Playground can start from: the skills, and the image templates the caller may use. */
export interface Catalogue {
  skills: readonly SkillRow[];
  templates: readonly TemplateRow[];
}

/** The skill or template the form is on: the chosen one of the chosen source, once the catalogue has it. */
export function recipeFor(
  choice: { source: Source; skill: string | null; template: string | null },
  catalogue: Catalogue,
): Recipe | null {
  if (choice.source === 'skill') {
    const skill = choice.skill ? catalogue.skills.find((s) => s.slug === choice.skill) : undefined;
    return skill ? skillRecipe(skill) : null;
  }
  if (choice.source === 'template') {
    const template = findTemplate(catalogue.templates, choice.template);
    return template ? templateRecipe(template) : null;
  }
  return null;
}

/** A template by slug or id, as `?template=` and `template_id` accept either. */
export function findTemplate<T extends { id: string; slug: string }>(
  templates: readonly T[],
  ref: string | null,
): T | undefined {
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

/** A prompt and ratio handed over in the address (`?prompt=…&ratio=16:9`), e.g. from an image reading. */
export function promptFromParams(params: Record<string, string | string[] | undefined>): {
  prompt: string | null;
  ratio: string | null;
} {
  return { prompt: first(params.prompt), ratio: first(params.ratio) };
}

/** The address that reopens the Playground as it is now. */
export function playgroundHref(source: Source, skill: string | null, template: string | null): string {
  if (source === 'skill' && skill) return `/playground?skill=${encodeURIComponent(skill)}`;
  if (source === 'template' && template) return `/playground?template=${encodeURIComponent(template)}`;
  return '/playground';
}
