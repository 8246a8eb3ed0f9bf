import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { skills, type Skill } from '../../db/schema';
import { AppError, badRequest } from '../errors';
import { isSupportedRatio } from '../jobs/sizes';
import { absoluteUrl } from '../templates/access';
import { contractProblem, fieldsSchema, SENTENCE_SLOT, slotsOf } from '../templates/slots';
import { slugSchema } from '../schemas';

/** What callers see of a skill. The prompt is deliberately absent: it never leaves the server. */
export interface SkillView {
  slug: string;
  zh_name: string;
  description: string;
  ratio: string;
  genre: string;
  ref_required: boolean;
  thumb: string;
  fields: Skill['fields'];
}

export function skillView(config: Pick<Config, 'publicBaseUrl'>, row: Skill): SkillView {
  return {
    slug: row.slug,
    zh_name: row.zhName,
    description: row.description,
    ratio: row.ratio,
    genre: row.genre,
    ref_required: row.refRequired,
    thumb: absoluteUrl(config, row.thumb) ?? row.thumb,
    fields: row.fields,
  };
}

export async function listSkills(db: Db, opts: { includeInactive?: boolean } = {}): Promise<Skill[]> {
  const q = db.select().from(skills);
  return (opts.includeInactive ? q : q.where(eq(skills.active, true))).orderBy(asc(skills.position), asc(skills.slug));
}

/** An active skill by slug, or a 400 that names the field (the slug is in the caller's body). */
export async function skillForUse(db: Db, slug: string, field = 'skill_slug'): Promise<Skill> {
  const [row] = await db.select().from(skills).where(eq(skills.slug, slug));
  if (!row || !row.active) throw badRequest(`${field}: no skill "${slug}"; GET /api/skills lists them`);
  return row;
}

export const skillUpsertSchema = z.strictObject({
  slug: slugSchema,
  zh_name: z.string().trim().min(1, 'must not be empty').max(100),
  description: z.string().trim().min(1, 'must not be empty').max(500),
  ratio: z.string().refine(isSupportedRatio, 'must be W:H, e.g. 3:4, 9:16, 1:1'),
  genre: z.string().trim().min(1, 'must not be empty').max(50),
  ref_required: z.boolean().default(false),
  thumb: z.string().min(1).max(2048).refine((u) => u.startsWith('/') || /^https?:\/\//.test(u), 'must be an http(s) URL or a site path'),
  fields: fieldsSchema.nullable(),
  prompt: z.string().trim().min(1, 'must not be empty').max(8000),
  active: z.boolean().default(true),
  position: z.number().int().min(0).max(100_000).optional(),
});
export type SkillUpsert = z.infer<typeof skillUpsertSchema>;

/** The problem with a skill's prompt/fields pair, or null. One-sentence skills must use `{input}`. */
export function skillProblem(s: Pick<SkillUpsert, 'prompt' | 'fields'>): string | null {
  if (s.fields && s.fields.length > 0) return contractProblem(s.prompt, s.fields)?.replace('prompt_template', 'prompt') ?? null;
  if (s.fields && s.fields.length === 0) return 'fields: give null for a one-sentence skill, or at least one field';
  if (!slotsOf(s.prompt).includes(SENTENCE_SLOT)) return `prompt: a one-sentence skill puts the sentence in {${SENTENCE_SLOT}}`;
  return contractProblem(s.prompt, [])?.replace('prompt_template', 'prompt') ?? null;
}

/** Creates or replaces a skill by slug (operator). Callers keep sending the same slug and input. */
export async function upsertSkill(db: Db, body: SkillUpsert, origin: 'operator' | 'catalog' = 'operator'): Promise<Skill> {
  const problem = skillProblem(body);
  if (problem) throw badRequest(problem);
  const values = {
    slug: body.slug,
    zhName: body.zh_name,
    description: body.description,
    ratio: body.ratio,
    genre: body.genre,
    refRequired: body.ref_required,
    thumb: body.thumb,
    fields: body.fields,
    prompt: body.prompt,
    active: body.active,
    origin,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(skills)
    .values({ ...values, position: body.position ?? 0 })
    .onConflictDoUpdate({ target: skills.slug, set: { ...values, ...(body.position !== undefined ? { position: body.position } : {}) } })
    .returning();
  if (!row) throw new AppError('INTERNAL', 'the skill was not saved');
  return row;
}

/** Rows the catalogue file still owns (never edited by an operator) are kept in step with the file. */
export async function skillOrigins(db: Db): Promise<Map<string, string>> {
  const rows = await db.select({ slug: skills.slug, origin: skills.origin }).from(skills);
  return new Map(rows.map((r) => [r.slug, r.origin]));
}
