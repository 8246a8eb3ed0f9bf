import { z } from 'zod';
import { skillUpsertSchema } from '@/contracts/skills';
import { fieldDraftOf, fieldDraftValues, fieldsInput } from '@/components/templates/fields-form';
import { filled, formSchema, worded } from '@/components/templates/form-rules';
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

const rulesFor = (creating: boolean) => {
  const base = {
    // A skill keeps its slug: only a new one is checked here (the server checks it on every save).
    slug: creating
      ? filled(worded(skill.slug, 'Use 2–80 characters of a–z, 0–9 and -, starting with a letter or digit.'), 'Give the skill a slug; callers pick it by this name.')
      : z.string().trim(),
    zh_name: filled(skill.zh_name, 'Give the skill a name.'),
    description: filled(skill.description, 'Describe what the skill makes.'),
    ratio: z.string().trim().pipe(worded(skill.ratio, 'Write the ratio as W:H between 1:4 and 4:1, e.g. 3:4.')),
    genre: filled(skill.genre, 'Give a genre, e.g. ecommerce.'),
    ref_required: z.boolean(),
    thumb: filled(
      worded(skill.thumb, 'Use an http(s) URL or a site path starting with /.'),
      'Give a thumbnail: an http(s) URL or a site path such as /thumbs/skills/x.svg.',
    ),
    prompt: filled(skill.prompt, 'Write the prompt the skill fills.'),
    active: z.boolean(),
  };
  return z.discriminatedUnion('sentence', [
    z.object({ ...base, sentence: z.literal(true) }).transform(({ sentence: _sentence, ...body }) => ({ ...body, fields: null })),
    z.object({ ...base, sentence: z.literal(false), fields: fieldsInput }).transform(({ sentence: _sentence, ...body }) => body),
  ]);
};

/** The editor's schema; a new skill's slug is checked too. */
export const skillFormSchema = (creating: boolean) => formSchema(skillValues, rulesFor(creating));

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
  return { ...savedBasics(s, siteBase), sentence: s.fields === null, fields: (s.fields ?? []).map(fieldDraftOf), active: s.active };
}
