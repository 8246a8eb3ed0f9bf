import { asc, eq } from 'drizzle-orm';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { skills, type Skill } from '@/server/db/schema';
import type { AdminIdentity, Identity } from '@/server/domain/auth/identity';
import type { Deps } from '@/server/domain/deps';
import { AppError, badRequest, fieldError, type FieldIssue } from '@/server/errors';
import { absoluteUrl } from '@/server/domain/templates/access';
import type { SkillUpsert } from '@/contracts/skills';
import { contractProblem, SENTENCE_SLOT, slotsOf } from '@/contracts/slots';

/** What callers see of a skill. The prompt is deliberately absent: it never leaves the server. */
export type SkillView = ReturnType<typeof skillView>;

export function skillView(config: Pick<Config, 'publicBaseUrl'>, row: Skill) {
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

/** The active skills as every caller sees them (without their prompts). */
export async function skillCatalogue(
  { db, config }: Pick<Deps, 'db' | 'config'>,
  _who: Identity,
): Promise<{ skills: SkillView[] }> {
  return { skills: (await listSkills(db)).map((s) => skillView(config, s)) };
}

/** A skill as the operator sees it: with its prompt, whether it is active, and who last wrote it. */
export interface OperatorSkillView extends SkillView {
  prompt: string;
  active: boolean;
  origin: string;
}

const operatorView = (config: Pick<Config, 'publicBaseUrl'>, row: Skill): OperatorSkillView => ({
  ...skillView(config, row),
  prompt: row.prompt,
  active: row.active,
  origin: row.origin,
});

/** Every skill, active or not, with its prompt (operator). */
export async function listSkillsForOperator(
  { db, config }: Pick<Deps, 'db' | 'config'>,
  _who: AdminIdentity,
): Promise<{ skills: OperatorSkillView[] }> {
  return { skills: (await listSkills(db, { includeInactive: true })).map((s) => operatorView(config, s)) };
}

/** Creates or replaces a skill (operator); the catalogue never overwrites it afterwards. */
export async function saveSkill(
  { db, config }: Pick<Deps, 'db' | 'config'>,
  _who: AdminIdentity,
  input: SkillUpsert,
): Promise<{ skill: OperatorSkillView }> {
  return { skill: operatorView(config, await upsertSkill(db, input)) };
}

/** An active skill by slug, or a 400 that names the field (the slug is in the caller's body). */
export async function skillForUse(db: Db, slug: string, field: FieldIssue['path'] = ['skill_slug']): Promise<Skill> {
  const [row] = await db.select().from(skills).where(eq(skills.slug, slug));
  if (!row || !row.active) throw fieldError(field, `no skill "${slug}"; GET /api/skills lists them`);
  return row;
}

/** The problem with a skill's prompt/fields pair, or null. One-sentence skills must use `{input}`. */
export function skillProblem(s: Pick<SkillUpsert, 'prompt' | 'fields'>): string | null {
  if (s.fields && s.fields.length > 0)
    return contractProblem(s.prompt, s.fields)?.replace('prompt_template', 'prompt') ?? null;
  if (s.fields && s.fields.length === 0) return 'fields: give null for a one-sentence skill, or at least one field';
  if (!slotsOf(s.prompt).includes(SENTENCE_SLOT))
    return `prompt: a one-sentence skill puts the sentence in {${SENTENCE_SLOT}}`;
  return contractProblem(s.prompt, [])?.replace('prompt_template', 'prompt') ?? null;
}

/** Creates or replaces a skill by slug (operator). Callers keep sending the same slug and input. */
export async function upsertSkill(
  db: Db,
  body: SkillUpsert,
  origin: 'operator' | 'catalog' = 'operator',
): Promise<Skill> {
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
    .onConflictDoUpdate({
      target: skills.slug,
      set: { ...values, ...(body.position !== undefined ? { position: body.position } : {}) },
    })
    .returning();
  if (!row) throw new AppError('INTERNAL', 'the skill was not saved');
  return row;
}

/** Rows the catalogue file still owns (never edited by an operator) are kept in step with the file. */
export async function skillOrigins(db: Db): Promise<Map<string, string>> {
  const rows = await db.select({ slug: skills.slug, origin: skills.origin }).from(skills);
  return new Map(rows.map((r) => [r.slug, r.origin]));
}
