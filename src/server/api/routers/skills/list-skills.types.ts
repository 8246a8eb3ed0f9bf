import { z } from 'zod';
import { route } from '../../meta';
import { fieldSpecOut } from '../templates/list-templates.types';

export const skillOut = z.object({
  slug: z.string().meta({ description: 'Pass as `skill_slug` to POST /api/generate' }),
  zh_name: z.string(),
  description: z.string(),
  ratio: z.string(),
  genre: z.string(),
  ref_required: z.boolean().meta({ description: 'true: send at least one `reference_images` entry, or the request is 400' }),
  thumb: z.string(),
  fields: z.array(fieldSpecOut).nullable().meta({ description: 'null: send `input` as one sentence; otherwise an object with these keys' }),
});

export const listSkillsInput = z.object({});
export const listSkillsOutput = z.object({ ok: z.literal(true), skills: z.array(skillOut) });

export const listSkillsMeta = route('GET /skills', 'Images', 'The platform’s skills (generation recipes)', {
  description: 'Answers `{ok, skills}`. A skill’s prompt stays on the server and is never returned; it may be improved at any time without changing what you send. One-sentence skills (`fields: null`) take `input` as a string; form skills take an object whose required fields must be present.',
});
