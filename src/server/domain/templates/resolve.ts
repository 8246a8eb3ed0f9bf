import type { FieldSpec } from '@/contracts/slots';
import type { Db } from '@/server/db/client';
import type { ScopedIdentity } from '@/server/domain/auth/identity';
import { fieldError, type FieldIssue } from '@/server/errors';
import type { ImageRequestBody } from '@/contracts/jobs';
import type { ImageJobInput } from '@/server/domain/jobs/types';
import { skillForUse } from '@/server/domain/skills/skills';
import { fillSlots, type FieldImage, type SlotInput } from './slots';
import { templateForUse } from './templates';

export interface ResolvedPrompt extends Pick<ImageJobInput, 'prompt' | 'source' | 'display_prompt'> {
  /** A template's default reference images, used only when the caller sent none. */
  referenceImages?: string[];
  /** The recipe's ratio, used only when the caller sent none. */
  ratio?: string;
  /** The values of its image fields, in field order: the job's first reference images. */
  fieldImages?: FieldImage[];
}

/** How a caller's form input reads in its own job list: `label: value` lines, or the sentence. */
export function describeInput(input: SlotInput, fields: readonly FieldSpec[] | null = null): string {
  if (input === undefined) return '';
  if (typeof input === 'string') return input.trim();
  const labels = new Map((fields ?? []).map((f) => [f.key, f.label]));
  return Object.entries(input)
    .filter(([, v]) => String(v).trim() !== '')
    .map(([k, v]) => `${labels.get(k) ?? k}: ${String(v).trim()}`)
    .join('; ');
}

/**
 * Turns the prompt, skill or template of an image request into the prompt sent upstream.
 * Skills and templates are filled deterministically; no model expands them.
 */
export async function resolvePrompt(
  db: Db,
  who: ScopedIdentity,
  item: ImageRequestBody,
  path: FieldIssue['path'],
): Promise<ResolvedPrompt> {
  if (item.prompt !== undefined) {
    if (item.input !== undefined)
      throw fieldError([...path, 'input'], 'goes with skill_slug or template_id, not with prompt');
    return { prompt: item.prompt, source: { kind: 'prompt' } };
  }
  if (item.skill_slug !== undefined) {
    const skill = await skillForUse(db, item.skill_slug, [...path, 'skill_slug']);
    if (skill.refRequired && !item.reference_images?.length) {
      throw fieldError(
        [...path, 'reference_images'],
        `the skill "${skill.slug}" (${skill.zhName}) works from your own image; send at least one reference image`,
      );
    }
    const fieldImages: FieldImage[] = [];
    const prompt = fillSlots(skill.prompt, skill.fields, item.input, {
      path,
      sentenceRequired: true,
      images: fieldImages,
    });
    return {
      fieldImages,
      prompt,
      source: { kind: 'skill', slug: skill.slug },
      display_prompt: `${skill.zhName}: ${describeInput(item.input, skill.fields)}`,
      ratio: skill.ratio,
    };
  }
  const ref = item.template_id ?? '';
  const template = await templateForUse(db, who, ref, 'image', [...path, 'template_id']);
  const fieldImages: FieldImage[] = [];
  const prompt = fillSlots(template.promptTemplate, template.fields, item.input, { path, images: fieldImages });
  const defaults = template.generationConfigs.find(
    (c) => (c.default_reference_images?.length ?? 0) > 0,
  )?.default_reference_images;
  return {
    prompt,
    source: { kind: 'template', id: template.id, slug: template.slug },
    fieldImages,
    ...(defaults ? { referenceImages: defaults } : {}),
    ...(template.ratio ? { ratio: template.ratio } : {}),
  };
}
