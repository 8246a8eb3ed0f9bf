/**
 * The operator's skills: their types (from the API's procedures) and the pure rules the list and
 * editor share. No React, so the unit test runs without a browser.
 */

import type { useTranslations } from 'next-intl';
import { contractGaps, SENTENCE_SLOT, slotsOf, type FieldSpec } from '@/components/editor/fill';
import { fieldDraftOf, fieldSpecs } from '@/components/editor/fields-form';
import type { RouterInputs, RouterOutputs } from '@/trpc/react';

/** A skill as the operator's skill list answers it (with its prompt and origin). */
export type OperatorSkill = RouterOutputs['admin']['skillList']['skills'][number];
/** The body of a skill save. */
export type SkillUpsert = RouterInputs['admin']['skillUpsert'];

/** What the skills page reads (every skill); the page prefetches exactly this, so the cached answer is found. */
export const SKILL_LIST_INPUT = {};

/** Genres of the shipped catalogue, offered as suggestions; any short word is accepted. */
export const GENRES = ['ecommerce', 'social', 'poster', 'portrait', 'illustration', 'food', 'interior', 'brand'];
export const SKILL_RATIOS = ['1:1', '3:4', '4:3', '2:3', '3:2', '9:16', '16:9'];

/**
 * The thumbnail as it is stored: lists show it as an absolute URL, so a file Studio serves itself
 * (under `siteBase`) goes back as its site path and keeps working if the public address changes.
 */
export function storedThumb(thumb: string, siteBase: string): string {
  const base = siteBase.replace(/\/+$/, '');
  return base !== '' && thumb.startsWith(`${base}/`) ? thumb.slice(base.length) : thumb;
}

/** What a save sends again of a saved skill as it is: its texts, its prompt and its stored thumbnail. */
export function savedBasics(s: OperatorSkill, siteBase: string) {
  const { slug, zh_name, description, ratio, genre, ref_required, prompt } = s;
  return { slug, zh_name, description, ratio, genre, ref_required, thumb: storedThumb(s.thumb, siteBase), prompt };
}

/** The whole skill again with only `active` changed (activation is a save of the skill too). */
export function withActive(s: OperatorSkill, active: boolean, siteBase: string): SkillUpsert {
  return { ...savedBasics(s, siteBase), fields: s.fields && fieldSpecs(s.fields.map(fieldDraftOf)), active };
}

/** The list with `row` put in place of the skill of its slug (or added at the end). */
export function withSkill(skills: readonly OperatorSkill[], row: OperatorSkill): OperatorSkill[] {
  return skills.some((s) => s.slug === row.slug)
    ? skills.map((s) => (s.slug === row.slug ? row : s))
    : [...skills, row];
}

/** The words of `operator.skills.kind` (`useTranslations` or a translator made for a test). */
type KindWords = ReturnType<typeof useTranslations<'operator.skills.kind'>>;

/** How a skill is called, for the list: "One sentence" or "Form (n fields)", in the page's language. */
export function skillKindLabel(fields: readonly unknown[] | null, t: KindWords): string {
  return fields === null ? t('sentence') : t('form', { count: fields.length });
}

export interface SlotReport {
  /** Every slot the prompt uses, in order; `ok` when a field (or the sentence) fills it. */
  slots: { key: string; ok: boolean }[];
  /** Slots the prompt should use but does not: `{input}` of a one-sentence skill, or unused field keys. */
  absent: string[];
}

/** Which `{slots}` a prompt uses and how they match the skill's form, as the server checks them. */
export function slotReport(prompt: string, fields: readonly Pick<FieldSpec, 'key'>[] | null): SlotReport {
  const used = slotsOf(prompt);
  if (fields === null) {
    return {
      slots: used.map((key) => ({ key, ok: key === SENTENCE_SLOT })),
      absent: used.includes(SENTENCE_SLOT) ? [] : [SENTENCE_SLOT],
    };
  }
  const gaps = contractGaps(prompt, fields);
  const bad = new Set(gaps.slotsWithoutField);
  return { slots: used.map((key) => ({ key, ok: !bad.has(key) })), absent: gaps.unusedFields };
}
