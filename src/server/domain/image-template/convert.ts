import {
  TEMPLATE_VARIABLE_NAMES,
  isTemplateVariable,
  slotBase,
  type ConversionAnswer,
  type ConversionOptions,
  type ConversionStep,
  type TemplateVariable,
  type TextLayer,
} from '@/contracts/image-template';
import { contractProblem } from '@/contracts/slots';
import { RoutingExhausted } from '@/server/upstreams/engine';
import { modelJson } from '@/server/upstreams/model-json';
import type { TenantIdentity } from '@/server/domain/auth/identity';
import type { Deps } from '@/server/domain/deps';
import { AppError, fieldError } from '@/server/errors';
import type { ReadImage } from '@/server/domain/reading/image-input';
import { askVision, readReading } from '@/server/domain/reading/reading';
import { createTemplate } from '@/server/domain/templates/templates';
import { assignVariables, buildFields, buildPromptTemplate } from '@/contracts/template-draft';
import { layersAnswerSchema, normaliseLayers } from './layers';

/**
 * One image-to-template conversion: the reading (as `/api/reverse`), the text layers (a second
 * vision call), variables from the platform's names, and optionally the template. The reading must
 * succeed; everything after it degrades: `prompt_template` null and `template_error` saying why,
 * with the reading still answered (spec rule 4).
 */

export interface ConversionPlan {
  allowed: ReadonlySet<TemplateVariable>;
  labels: Record<string, string>;
  createTemplate: boolean;
  template: NonNullable<ConversionOptions['template']>;
  /** Found while checking the parameters (labels for variables not allowed). */
  warnings: string[];
}

/**
 * Checks the parameters before anything is charged: `variables` only from the platform's list (400
 * naming the stranger and the list), label keys only for variable names. A label for a name that
 * `variables` leaves out is a warning.
 */
export function planConversion(options: ConversionOptions): ConversionPlan {
  const warnings: string[] = [];
  const names = options.variables ?? TEMPLATE_VARIABLE_NAMES;
  names.forEach((name, i) => {
    if (!isTemplateVariable(name)) {
      throw fieldError(
        ['variables', i],
        `"${name}" is not a variable name; the names are ${TEMPLATE_VARIABLE_NAMES.join(', ')}`,
      );
    }
  });
  const allowed = new Set(names as TemplateVariable[]);
  const labels = options.variable_labels ?? {};
  for (const key of Object.keys(labels)) {
    const base = slotBase(key);
    if (!base)
      throw fieldError(
        ['variable_labels', key],
        `is not a variable name; keys are the generic names (${TEMPLATE_VARIABLE_NAMES.slice(0, 4).join(', ')}…, or title_2 for a second title)`,
      );
    if (!allowed.has(base))
      warnings.push(`variable_labels.${key}: "${base}" is not among the allowed variables; the label is not used`);
  }
  return {
    allowed,
    labels,
    createTemplate: options.create_template === true,
    template: options.template ?? {},
    warnings,
  };
}

export type StepReport = (step: ConversionStep, status: 'running' | 'ok' | 'fail', error?: string) => Promise<void>;

export type ConversionDeps = Pick<Deps, 'db' | 'files' | 'config'>;

const SYSTEM_PROMPT = [
  'You find every piece of text printed on an image, for a studio that turns posters into reusable templates.',
  'Answer with one JSON object and nothing else: {"image_category": "poster|product|social|photo|illustration|...", "text_layers": [...]}.',
  'Each text layer: {"role": "...", "content": "the exact text", "position": "top-center|...", "coords": {"x": 0-1, "y": 0-1},',
  ' "font_category": "sans-serif|serif|handwriting|display", "font_weight": 100-900, "size_ratio": font size / image width,',
  ' "color": "#RRGGBB", "treatment": "none|shadow|outline|gradient|...", "alignment": "left|center|right"}.',
  'coords is the centre of the text box as a fraction of the width and height. One layer per separate text block, top to bottom.',
  `role is one of: ${TEMPLATE_VARIABLE_NAMES.join(', ')}; use "other" for text that fits none of them.`,
].join('\n');

/** The model's text-layer answer (possibly fenced), or null when it is not one. */
export const parseLayersAnswer = (content: string | null) => modelJson(content, layersAnswerSchema);

const failureText = (err: unknown): string =>
  err instanceof RoutingExhausted || err instanceof AppError ? err.message : 'an internal error stopped it';

/**
 * Runs the conversion's model steps and, when asked, creates the template from `imageUrl` (the image
 * re-hosted in the caller's store). `report` hears each step begin and end. Throws when the reading
 * fails (the caller fails the job or answers the error and refunds); never for a later step.
 */
export async function runConversion(
  deps: ConversionDeps,
  who: TenantIdentity,
  image: ReadImage,
  plan: ConversionPlan,
  ctx: { ref: string; report: StepReport; signal?: AbortSignal | undefined; imageUrl?: string | undefined },
): Promise<{ answer: ConversionAnswer; layersFailed: boolean }> {
  const call = { ref: ctx.ref, tenantId: who.tenantId, signal: ctx.signal };
  await ctx.report('parse image', 'running');
  let reading: Awaited<ReturnType<typeof readReading>>;
  try {
    reading = await readReading(deps, image, call);
  } catch (err) {
    // A worker that is stopping leaves the step running: the next run (or the watchdog) takes it from there.
    if (!ctx.signal?.aborted) await ctx.report('parse image', 'fail', failureText(err));
    throw err;
  }
  await ctx.report('parse image', 'ok');

  const warnings = [...plan.warnings];
  let templateError: string | null = null;
  let layers: TextLayer[] = [];
  let category = reading.genre;
  let promptTemplate: string | null = null;
  let fields: ConversionAnswer['fields'] = [];
  let layersFailed = false;

  await ctx.report('extract text layers', 'running');
  try {
    const found = await askVision(
      deps,
      image,
      {
        system: SYSTEM_PROMPT,
        user: `List the text layers of this image (${image.width} x ${image.height} pixels) as the JSON object.`,
        parse: parseLayersAnswer,
        what: 'list of text layers',
      },
      call,
    );
    const normal = normaliseLayers(found.text_layers);
    const variables = assignVariables(normal.layers, plan.allowed);
    layers = variables.layers;
    category = found.image_category ?? category;
    warnings.push(...normal.warnings, ...variables.warnings);
    const used = new Set(layers.flatMap((l) => (l.variable ? [l.variable] : [])));
    for (const key of Object.keys(plan.labels)) {
      const base = slotBase(key);
      if (base && plan.allowed.has(base) && !used.has(key))
        warnings.push(`variable_labels.${key}: no text on the image became {${key}}; the label is not used`);
    }
    if (layers.length === 0) warnings.push('no text was found on the image; the template has no fields');
    else if (used.size === 0)
      warnings.push('no text matched the allowed variables; every text stays fixed and the template has no fields');
    promptTemplate = buildPromptTemplate(reading.prompt, layers);
    fields = buildFields(layers, plan.labels);
    const problem = contractProblem(promptTemplate, fields);
    if (problem) throw new AppError('INTERNAL', `the variables did not make a valid template (${problem})`);
    await ctx.report('extract text layers', 'ok');
  } catch (err) {
    if (ctx.signal?.aborted) throw err;
    layersFailed = layers.length === 0;
    templateError = `The text layers could not be turned into a template: ${failureText(err)}`;
    promptTemplate = null;
    fields = [];
    await ctx.report('extract text layers', 'fail', templateError);
  }

  let template: ConversionAnswer['template'] = null;
  if (plan.createTemplate) {
    await ctx.report('create template', 'running');
    if (promptTemplate === null || !ctx.imageUrl) {
      templateError ??= 'The template was not created';
      await ctx.report('create template', 'fail', templateError);
    } else {
      try {
        const created = await createTemplate(deps, who, {
          type: 'image',
          slug: plan.template.slug,
          zh_name: plan.template.zh_name ?? reading.zh_name,
          description: reading.description.slice(0, 500),
          category: plan.template.category ?? category.slice(0, 50),
          domain: plan.template.domain ?? '',
          ratio: reading.ratio,
          sample_images: [ctx.imageUrl],
          prompt_template: promptTemplate,
          fields,
          generation_configs: [{ default_reference_images: [ctx.imageUrl] }],
        });
        const t = created.template;
        template = { id: t.id, slug: t.slug, zh_name: t.zh_name, tenant_id: who.tenantId };
        await ctx.report('create template', 'ok');
      } catch (err) {
        if (ctx.signal?.aborted) throw err;
        templateError = `The template was not created: ${failureText(err)}`;
        promptTemplate = null;
        fields = [];
        await ctx.report('create template', 'fail', templateError);
      }
    }
  }

  const answer: ConversionAnswer = {
    ok: true,
    ...reading,
    image_category: category,
    text_layers: layers,
    prompt_template: promptTemplate,
    fields,
    ...(plan.createTemplate ? { template } : {}),
    template_error: templateError,
    template_warnings: warnings,
  };
  return { answer, layersFailed };
}
