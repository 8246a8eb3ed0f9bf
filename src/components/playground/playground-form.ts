import type { useTranslations } from 'next-intl';
import type { FieldPath } from 'react-hook-form';
import { z } from 'zod';
import { imageQualities, imageRequestSchema, type ImageRequestBody } from '@/contracts/jobs';
import {
  checkDraft,
  checkRequest,
  draftFieldName,
  draftsSchema,
  type FieldErrors,
} from '@/components/fields/fields-schema';
import { BACKGROUNDS, isSupportedRatio, type Ratio } from './options';
import { recipeFor, type Catalogue, type Recipe, type Source } from './recipes';

/**
 * The Playground's form: what the inputs hold, how that becomes a `jobs.generate` request, and where
 * a problem with the request is shown. The request is checked with the API's own schema before it is
 * sent, and the server's refusals land on the same inputs as the console's own checks.
 */

/** The form's refusals: its own (`playground.errors`) and the recipe inputs' (`fields.errors`), in the page's language. */
export interface PlaygroundFormWords {
  errors: ReturnType<typeof useTranslations<'playground.errors'>>;
  fields: FieldErrors;
}

const valuesSchema = z.object({
  source: z.enum(['prompt', 'skill', 'template']),
  prompt: z.string(),
  /** The chosen skill's slug, and the chosen template's slug or id (as the address gives it). */
  skill: z.string().nullable(),
  template: z.string().nullable(),
  /** What was typed for each skill and template, by recipe key. */
  drafts: draftsSchema,
  ratio: z.string(),
  quality: z.enum(imageQualities),
  /** `default` leaves the background to the model; it is not sent. */
  background: z.enum(BACKGROUNDS),
  /** `auto` lets Studio route; it is not sent. */
  model: z.string(),
  reference_images: z.array(z.string()),
});

export type PlaygroundValues = z.input<typeof valuesSchema>;
export type PlaygroundFieldName = FieldPath<PlaygroundValues>;

/** Where the form starts, from the address (?skill= or ?template=, and ?prompt= and ?ratio=). */
export interface PlaygroundStart {
  source: Source;
  skill: string | null;
  template: string | null;
  prompt?: string | null;
  ratio?: string | null;
  /** Running a job again (`?from=<jobId>`): every setting and input of that job. */
  quality?: z.input<typeof valuesSchema>['quality'];
  background?: z.input<typeof valuesSchema>['background'];
  model?: string;
  reference_images?: string[];
  drafts?: PlaygroundValues['drafts'];
}

/** The form's first values: the linked skill's or template's own ratio when the catalogue already has it, else the address's. */
export function playgroundDefaults(start: PlaygroundStart | undefined, catalogue: Catalogue): PlaygroundValues {
  const choice = { source: start?.source ?? 'prompt', skill: start?.skill ?? null, template: start?.template ?? null };
  const recipe = recipeFor(choice, catalogue);
  const own = recipe?.ratio;
  // A job run again keeps its own ratio; a link to a recipe starts from the recipe's.
  const again = start?.drafts !== undefined;
  const ratio: Ratio =
    again && isSupportedRatio(start.ratio)
      ? start.ratio
      : isSupportedRatio(own)
        ? own
        : isSupportedRatio(start?.ratio)
          ? start.ratio
          : '1:1';
  const prompt = start?.prompt ?? '';
  // The job's input was kept under `<source>:<ref>`; the form keeps drafts under the recipe's key (its slug).
  const drafts = Object.fromEntries(Object.entries(start?.drafts ?? {}).map(([k, d]) => [recipe?.key ?? k, d]));
  return {
    ...choice,
    prompt,
    drafts,
    ratio,
    quality: start?.quality ?? 'high',
    background: start?.background ?? 'default',
    model: start?.model ?? 'auto',
    reference_images: start?.reference_images ?? [],
  };
}

/** How the form's recipe came to be the one it is, for `recipeRatio`. */
export interface RecipeArrival {
  /** The user picked a skill, a template or a tab since the page loaded. */
  picked: boolean;
  /** The user set the ratio since the page loaded. */
  ratioSet: boolean;
  /** The page opened a job to run again (`?from=`): its own ratio is part of what it restores. */
  again: boolean;
}

/**
 * The ratio a recipe brings when it becomes the form's recipe, or null to leave the ratio alone. A recipe
 * the user picks brings its own ratio. The address's recipe arriving with the catalogue after load only
 * restores what the link asked for: it never replaces a ratio the user set since, nor a job's own ratio.
 */
export function recipeRatio(recipe: Pick<Recipe, 'ratio'> | null, how: RecipeArrival): Ratio | null {
  if (!recipe || !isSupportedRatio(recipe.ratio)) return null;
  if (how.picked) return recipe.ratio;
  return how.ratioSet || how.again ? null : recipe.ratio;
}

/**
 * The input that shows a problem with one path of the request: the prompt, a recipe's field or
 * sentence, the reference picker, or the skill or template picker. Null for anything no input shows
 * (said under the form instead).
 */
export function playgroundFieldName(
  path: readonly PropertyKey[],
  source: Source,
  recipe: Recipe | null,
): PlaygroundFieldName | null {
  const [head] = path;
  if (head === 'prompt' && source === 'prompt') return 'prompt';
  if (head === 'reference_images') return 'reference_images';
  if (head === 'skill_slug' && source === 'skill') return 'skill';
  if (head === 'template_id' && source === 'template') return 'template';
  if (head === 'input' && recipe && source !== 'prompt') return draftFieldName(recipe.key, recipe, path);
  return null;
}

type PromptPart = Pick<ImageRequestBody, 'prompt' | 'skill_slug' | 'template_id' | 'input'>;

/** The request's prompt part; problems are reported under the inputs that cause them. */
function promptPart(
  v: z.output<typeof valuesSchema>,
  recipe: Recipe | null,
  ctx: z.RefinementCtx,
  words: PlaygroundFormWords,
): PromptPart | null {
  if (v.source === 'prompt') {
    const prompt = v.prompt.trim();
    if (prompt) return { prompt };
    ctx.addIssue({ code: 'custom', message: words.errors('prompt'), path: ['prompt'] });
    return null;
  }
  if (!recipe) {
    ctx.addIssue({
      code: 'custom',
      message: words.errors(v.source === 'skill' ? 'chooseSkill' : 'chooseTemplate'),
      path: [v.source],
    });
    return null;
  }
  const drafted = checkDraft(ctx, recipe.key, recipe, v.drafts[recipe.key], words.fields);
  if (!drafted) return null;
  const input = drafted.input === undefined ? {} : { input: drafted.input };
  return recipe.kind === 'skill' ? { skill_slug: recipe.ref, ...input } : { template_id: recipe.ref, ...input };
}

/** The form's schema for the catalogue at hand; its output is the `jobs.generate` request. */
export function playgroundSchema(catalogue: Catalogue, words: PlaygroundFormWords) {
  return valuesSchema.transform((v, ctx): ImageRequestBody => {
    const recipe = recipeFor(v, catalogue);
    const part = promptPart(v, recipe, ctx, words);
    if (!part) return z.NEVER;
    const body = {
      ...part,
      ratio: v.ratio,
      quality: v.quality,
      ...(v.background !== 'default' ? { background: v.background } : {}),
      ...(v.model !== 'auto' ? { model: v.model } : {}),
      ...(v.reference_images.length > 0 ? { reference_images: v.reference_images } : {}),
    };
    return (
      checkRequest(ctx, imageRequestSchema, body, (path) => playgroundFieldName(path, v.source, recipe)) ?? z.NEVER
    );
  });
}
