import { AUTO_ALIASES } from '@/contracts/chat';
import { QUALITY_MAP, ratioOfSize, SKILL_PREFIX, TEMPLATE_PREFIX, type ImageGenerationBody } from '@/contracts/images';
import type { ImageRequestBody } from '@/contracts/jobs';
import type { FieldSpec } from '@/contracts/slots';
import type { Db } from '@/server/db/client';
import type { ScopedIdentity } from '@/server/domain/auth/identity';
import { skillForUse } from '@/server/domain/skills/skills';
import { templateForUse } from '@/server/domain/templates/templates';
import { fieldError } from '@/server/errors';
import { imageModels } from '@/server/upstreams/catalog';
import { loadCandidates } from '@/server/upstreams/registry';

/** What an edit adds to a generation: its images, already files Studio serves. */
export interface EditImages {
  images: string[];
  mask: string | null;
}

/** The Images API fields every operation takes, translated into `/api/generate`'s body. */
export type ImagesBody = Omit<ImageGenerationBody, 'input'> & { input?: ImageGenerationBody['input'] };

/**
 * A form recipe's input: `prompt` fills the first field, `input` the others by key. A key given twice
 * (the first field in `input` too) is refused rather than one silently winning.
 */
function formInput(
  fields: readonly FieldSpec[],
  prompt: string,
  input: ImagesBody['input'],
): Record<string, string | number | boolean> {
  const first = fields[0]?.key ?? '';
  if (input && Object.hasOwn(input, first))
    throw fieldError(
      ['input', first],
      `"${first}" is the recipe's first field, which prompt fills; leave it out of input`,
    );
  return { ...input, [first]: prompt };
}

/** The recipe (template or skill) `model` names, with its prompt and input as `/api/generate` takes them. */
async function recipeOf(
  db: Db,
  who: ScopedIdentity,
  model: string,
  body: ImagesBody,
): Promise<Pick<ImageRequestBody, 'template_id' | 'skill_slug' | 'input'>> {
  const isTemplate = model.startsWith(TEMPLATE_PREFIX);
  const ref = model.slice(isTemplate ? TEMPLATE_PREFIX.length : SKILL_PREFIX.length).trim();
  if (!ref) throw fieldError(['model'], `name the ${isTemplate ? 'template' : 'skill'} after "${model}"`);
  const recipe = isTemplate
    ? await templateForUse(db, who, ref, 'image', ['model'])
    : await skillForUse(db, ref, ['model']);
  const fields = recipe.fields ?? [];
  if (fields.length === 0 && body.input !== undefined)
    throw fieldError(['input'], 'this recipe takes one sentence: send it as prompt, without input');
  const input = fields.length === 0 ? body.prompt : formInput(fields, body.prompt, body.input);
  return isTemplate ? { template_id: recipe.id, input } : { skill_slug: recipe.slug, input };
}

/** A family or channel name the caller may use (GET /api/available-models), or the 400 naming `model`. */
async function checkModelName(db: Db, binding: string | null, model: string): Promise<void> {
  const known = imageModels(await loadCandidates(db), binding).some((m) => m.id === model);
  if (!known)
    throw fieldError(
      ['model'],
      `the model "${model}" does not exist or is not yours to use; use studio-auto, a name from GET /api/available-models, ` +
        'template:<slug> or skill:<slug>',
    );
}

/**
 * One `/api/generate` body for an Images API request: the model naming resolved (auto, a family or a
 * channel, `template:<ref>`, `skill:<slug>`), `size` as a ratio, `quality` as Studio's levels, an
 * edit's images as reference images (the first one the masked image when a mask is given).
 */
export async function generateBodyOf(
  db: Db,
  who: ScopedIdentity,
  binding: string | null,
  body: ImagesBody,
  edit: EditImages | null,
): Promise<ImageRequestBody> {
  if (body.background === 'transparent' && body.output_format === 'jpeg')
    throw fieldError(['output_format'], 'jpeg has no transparency: use png or webp with a transparent background');
  const model = body.model?.trim() ?? '';
  const out: ImageRequestBody = {};
  if (model.startsWith(TEMPLATE_PREFIX) || model.startsWith(SKILL_PREFIX)) {
    Object.assign(out, await recipeOf(db, who, model, body));
  } else {
    if (body.input !== undefined) throw fieldError(['input'], 'goes with model template:<slug> or skill:<slug>');
    out.prompt = body.prompt;
    if (model && !AUTO_ALIASES.includes(model)) {
      await checkModelName(db, binding, model);
      out.model = model;
    }
  }
  if (body.size && body.size !== 'auto') out.ratio = ratioOfSize(body.size) ?? undefined;
  const quality = body.quality ? QUALITY_MAP[body.quality] : null;
  if (quality) out.quality = quality;
  if (body.background === 'transparent' || body.background === 'opaque') out.background = body.background;
  if (edit) {
    const [first, ...rest] = edit.images;
    if (edit.mask && first) {
      out.image_url = first;
      out.mask = edit.mask;
      if (rest.length > 0) out.reference_images = rest;
    } else if (edit.images.length > 0) out.reference_images = edit.images;
  }
  return out;
}
