/**
 * The skill editor's draft and the pure rules around it: what a save sends to `skill-upsert`, what
 * the form can name before asking the server, and which `{slots}` a prompt uses. No React, so the
 * unit test runs without a browser.
 */

import { contractGaps, SENTENCE_SLOT, slotsOf, type FieldSpec } from '@/components/templates/fill';
import { fieldDraft, fieldSpecs, type FieldDraft } from '@/components/templates/model';
import { SLUG_PATTERN as SKILL_SLUG_PATTERN } from '@/server/domain/templates/slot-syntax';

/** A skill as the operator's `skill-list` answers it. */
export interface OperatorSkill {
  slug: string;
  zh_name: string;
  description: string;
  ratio: string;
  genre: string;
  ref_required: boolean;
  thumb: string;
  fields: FieldSpec[] | null;
  prompt: string;
  active: boolean;
  origin: string;
}

/** The body of `skill-upsert` without its `action`. */
export interface SkillUpsertBody {
  slug: string;
  zh_name: string;
  description: string;
  ratio: string;
  genre: string;
  ref_required: boolean;
  thumb: string;
  fields: FieldSpec[] | null;
  prompt: string;
  active: boolean;
}

export interface SkillDraft {
  slug: string;
  zh_name: string;
  description: string;
  ratio: string;
  genre: string;
  ref_required: boolean;
  thumb: string;
  /** One-sentence skill: `fields` is sent as null (the drafted fields are kept for switching back). */
  sentence: boolean;
  fields: FieldDraft[];
  prompt: string;
  active: boolean;
}

export { SLUG_PATTERN as SKILL_SLUG_PATTERN } from '@/server/domain/templates/slot-syntax';
const RATIO_PATTERN = /^([1-9]\d*):([1-9]\d*)$/;
/** Genres of the shipped catalogue, offered as suggestions; any short word is accepted. */
export const GENRES = ['ecommerce', 'social', 'poster', 'portrait', 'illustration', 'food', 'interior', 'brand'];
export const SKILL_RATIOS = ['1:1', '3:4', '4:3', '2:3', '3:2', '9:16', '16:9'];

/** The server takes W:H between 1:4 and 4:1. */
export function isSupportedRatio(ratio: string): boolean {
  const m = RATIO_PATTERN.exec(ratio);
  if (!m) return false;
  const r = Number(m[1]) / Number(m[2]);
  return r >= 0.25 && r <= 4;
}

/**
 * The thumbnail as it is stored: lists show it as an absolute URL, so a file Studio serves itself
 * (under `siteBase`) goes back as its site path and keeps working if the public address changes.
 */
export function storedThumb(thumb: string, siteBase: string): string {
  const base = siteBase.replace(/\/+$/, '');
  return base !== '' && thumb.startsWith(`${base}/`) ? thumb.slice(base.length) : thumb;
}

export function emptySkillDraft(): SkillDraft {
  return {
    slug: '',
    zh_name: '',
    description: '',
    ratio: '1:1',
    genre: '',
    ref_required: false,
    thumb: '',
    sentence: true,
    fields: [],
    prompt: '',
    active: true,
  };
}

export function skillDraftOf(s: OperatorSkill, siteBase: string): SkillDraft {
  return {
    slug: s.slug,
    zh_name: s.zh_name,
    description: s.description,
    ratio: s.ratio,
    genre: s.genre,
    ref_required: s.ref_required,
    thumb: storedThumb(s.thumb, siteBase),
    sentence: s.fields === null,
    fields: (s.fields ?? []).map(fieldDraft),
    prompt: s.prompt,
    active: s.active,
  };
}

export function skillBody(d: SkillDraft): SkillUpsertBody {
  return {
    slug: d.slug.trim(),
    zh_name: d.zh_name.trim(),
    description: d.description.trim(),
    ratio: d.ratio.trim(),
    genre: d.genre.trim(),
    ref_required: d.ref_required,
    thumb: d.thumb.trim(),
    fields: d.sentence ? null : fieldSpecs(d.fields),
    prompt: d.prompt,
    active: d.active,
  };
}

/** The whole skill again with only `active` changed (activation is an upsert too). */
export function withActive(s: OperatorSkill, active: boolean, siteBase: string): SkillUpsertBody {
  return { ...skillBody(skillDraftOf(s, siteBase)), active };
}

/**
 * Blanks and malformed values the form names before asking the server, by input. The prompt and
 * fields contract is left to the server, whose answer is shown as it is.
 */
export function skillDraftProblems(d: SkillDraft, creating: boolean): Record<string, string> {
  const out: Record<string, string> = {};
  const slug = d.slug.trim();
  if (creating) {
    if (slug === '') out.slug = 'Give the skill a slug; callers pick it by this name.';
    else if (!SKILL_SLUG_PATTERN.test(slug)) out.slug = 'Use 2–80 characters of a–z, 0–9 and -, starting with a letter or digit.';
  }
  if (d.zh_name.trim() === '') out.zh_name = 'Give the skill a name.';
  if (d.description.trim() === '') out.description = 'Describe what the skill makes.';
  if (d.genre.trim() === '') out.genre = 'Give a genre, e.g. ecommerce.';
  if (!isSupportedRatio(d.ratio.trim())) out.ratio = 'Write the ratio as W:H between 1:4 and 4:1, e.g. 3:4.';
  const thumb = d.thumb.trim();
  if (thumb === '') out.thumb = 'Give a thumbnail: an http(s) URL or a site path such as /thumbs/skills/x.svg.';
  else if (!thumb.startsWith('/') && !/^https?:\/\//.test(thumb)) out.thumb = 'Use an http(s) URL or a site path starting with /.';
  if (d.prompt.trim() === '') out.prompt = 'Write the prompt the skill fills.';
  return out;
}

/** How a skill is called, for the list: "One sentence" or "Form (n fields)". */
export function skillKindLabel(fields: readonly unknown[] | null): string {
  if (fields === null) return 'One sentence';
  return `Form (${fields.length} ${fields.length === 1 ? 'field' : 'fields'})`;
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
