import { z } from 'zod';
import { route } from '@/server/api/meta';
import { fieldSpecOut } from '@/server/api/routers/templates/list-templates.types';

const d = (description: string) => ({ description });

/** A form field of a skill, described for skill callers. */
const skillFieldOut = fieldSpecOut.extend({
  key: fieldSpecOut.shape.key.meta(d('The key of this field in the `input` object')),
  label: fieldSpecOut.shape.label.meta(d('The name a form shows for the field')),
  type: fieldSpecOut.shape.type.meta(d('`text` (one line, default) or `textarea` (several lines)')),
  placeholder: fieldSpecOut.shape.placeholder.meta(d('Example text a form shows in the empty field')),
  help: fieldSpecOut.shape.help.meta(d('A hint about what to write')),
});

export const skillOut = z.object({
  slug: z.string().meta({ description: 'Pass as `skill_slug` to POST /api/generate' }),
  zh_name: z.string().meta(d('Display name (Chinese)')),
  description: z.string().meta(d('What the skill makes')),
  ratio: z.string().meta(d('Aspect ratio of the images, W:H, e.g. 3:4')),
  genre: z.string().meta(d('Classification tag')),
  ref_required: z
    .boolean()
    .meta({ description: 'true: send at least one `reference_images` entry, or the request is 400' }),
  thumb: z.string().meta(d('Thumbnail: an http(s) URL or a path on this site')),
  fields: z
    .array(skillFieldOut)
    .nullable()
    .meta({ description: 'null: send `input` as one sentence; otherwise an object with these keys' }),
});

export const listSkillsInput = z.object({});
export const listSkillsOutput = z.object({
  ok: z.literal(true),
  skills: z.array(skillOut).meta(d('The active skills, in list order')),
});

export const listSkillsMeta = route('GET /skills', 'Images', 'The platform’s skills (generation recipes)', {
  description:
    'Answers `{ok, skills}`. A skill’s prompt stays on the server and is never returned; it may be ' +
    'improved at any time without changing what you send. One-sentence skills (`fields: null`) take ' +
    '`input` as a string; form skills take an object whose required fields must be present.',
});
