import type { useTranslations } from 'next-intl';
import { z } from 'zod';
import { skillUpsertSchema } from '@/contracts/skills';
import { fieldDraftOf, fieldDraftValues, fieldsRules } from '@/components/editor/fields-form';
import { filled, formSchema, worded } from '@/components/editor/form-rules';
import { savedBasics, type OperatorSkill } from './model';

/**
 * The skill editor's form: its inputs as strings and flags, and the schema that checks them with
 * the API's contract (`skillUpsertSchema`) and answers the body of a skill save.
 */

export const skillValues = z.object({
  slug: z.string(),
  zh_name: z.string(),
  description: z.string(),
  ratio: z.string(),
  genre: z.string(),
  ref_required: z.boolean(),
  thumb: z.string(),
  /** One-sentence skill: `fields` is sent as null (the drafted fields are kept for switching back). */
  sentence: z.boolean(),
  fields: z.array(fieldDraftValues),
  prompt: z.string(),
  active: z.boolean(),
});
export type SkillFormValues = z.infer<typeof skillValues>;

const skill = skillUpsertSchema.shape;

/** The refusals of the skill editor, from `operator.skills.errors`. */
export type SkillFormErrors = ReturnType<typeof useTranslations<'operator.skills.errors'>>;

const rulesFor = (t: SkillFormErrors, creating: boolean) => {
  const base = {
    // A skill keeps its slug: only a new one is checked here (the server checks it on every save).
    slug: creating ? filled(worded(skill.slug, t('slugFormat')), t('slugRequired')) : z.string().trim(),
    zh_name: filled(skill.zh_name, t('nameRequired')),
    description: filled(skill.description, t('descriptionRequired')),
    ratio: z
      .string()
      .trim()
      .pipe(worded(skill.ratio, t('ratioFormat'))),
    genre: filled(skill.genre, t('genreRequired')),
    ref_required: z.boolean(),
    thumb: filled(worded(skill.thumb, t('thumbFormat')), t('thumbRequired')),
    prompt: filled(skill.prompt, t('promptRequired')),
    active: z.boolean(),
  };
  return z.discriminatedUnion('sentence', [
    z
      .object({ ...base, sentence: z.literal(true) })
      .transform(({ sentence: _sentence, ...body }) => ({ ...body, fields: null })),
    z
      .object({
        ...base,
        sentence: z.literal(false),
        fields: fieldsRules({
          keyMissing: t('fieldKeyMissing'),
          keyInvalid: t('fieldKeyInvalid'),
          labelMissing: t('fieldLabelMissing'),
          notANumber: t('fieldNotANumber'),
        }),
      })
      .transform(({ sentence: _sentence, ...body }) => body),
  ]);
};

/** The editor's schema, refusing in the page's language; a new skill's slug is checked too. */
export const skillFormSchema = (t: SkillFormErrors, creating: boolean) =>
  formSchema(skillValues, rulesFor(t, creating));

export function emptySkillValues(): SkillFormValues {
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

/** A saved skill in the editor; `siteBase` is Studio's public address (see `storedThumb`). */
export function skillValuesOf(s: OperatorSkill, siteBase: string): SkillFormValues {
  return {
    ...savedBasics(s, siteBase),
    sentence: s.fields === null,
    fields: (s.fields ?? []).map(fieldDraftOf),
    active: s.active,
  };
}
