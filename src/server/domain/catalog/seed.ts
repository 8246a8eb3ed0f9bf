import { readFileSync } from 'node:fs';
import { and, eq, isNull, notInArray } from 'drizzle-orm';
import { parse } from 'yaml';
import { z } from 'zod';
import type { Db } from '@/server/db/client';
import { skills, templates, videoTemplates } from '@/server/db/schema';
import { logger } from '@/server/logger';
import { skillUpsertSchema } from '@/contracts/skills';
import { contractProblem } from '@/contracts/slots';
import { templateCreateSchema, videoTemplateCreateSchema } from '@/contracts/templates';
import { skillProblem } from '@/server/domain/skills/skills';

/**
 * The shipped catalogue: platform skills and platform-shared templates, kept as YAML next to this
 * file. On every start, rows the catalogue owns (`origin = 'catalog'`) are brought in step with the
 * files; a row an operator has edited becomes `origin = 'operator'` and is left alone; an entry
 * removed from the files is deactivated, never deleted (jobs may refer to it).
 */

const sitePath = z.string().regex(/^\/[A-Za-z0-9/_.-]+$/, 'must be a site path such as /thumbs/x.svg');
const catalogImage = templateCreateSchema.extend({
  slug: z.string(),
  type: z.literal('image').default('image'),
  sample_images: z.array(z.union([sitePath, z.url()])).optional(),
});
const catalogArticle = templateCreateSchema.extend({ slug: z.string(), type: z.literal('article').default('article') });
const catalogVideo = videoTemplateCreateSchema.extend({
  slug: z.string(),
  sample_cover_image: z.union([sitePath, z.url()]).nullable().optional(),
  sample_video_url: z.union([sitePath, z.url()]).nullable().optional(),
});

export const skillsFileSchema = z.strictObject({ skills: z.array(skillUpsertSchema.omit({ position: true })) });
export const templatesFileSchema = z.strictObject({
  image_templates: z.array(catalogImage),
  article_templates: z.array(catalogArticle),
  video_templates: z.array(catalogVideo),
});

export type SkillsFile = z.infer<typeof skillsFileSchema>;
export type TemplatesFile = z.infer<typeof templatesFileSchema>;

function readYaml(name: string): unknown {
  return parse(readFileSync(new URL(`./${name}`, import.meta.url), 'utf8'));
}

/** Reads and checks both catalogue files; a broken file is a start-up error naming the entry. */
export function loadCatalog(): { skills: SkillsFile['skills']; templates: TemplatesFile } {
  const s = skillsFileSchema.parse(readYaml('skills.yaml'));
  for (const skill of s.skills) {
    const problem = skillProblem(skill);
    if (problem) throw new Error(`skills.yaml: ${skill.slug}: ${problem}`);
  }
  const t = templatesFileSchema.parse(readYaml('templates.yaml'));
  for (const tpl of [...t.image_templates, ...t.article_templates, ...t.video_templates]) {
    const problem = contractProblem(tpl.prompt_template, tpl.fields ?? []);
    if (problem) throw new Error(`templates.yaml: ${tpl.slug}: ${problem}`);
  }
  const slugs = [...t.image_templates, ...t.article_templates].map((x) => x.slug);
  if (new Set(slugs).size !== slugs.length) throw new Error('templates.yaml: a slug is used twice');
  return { skills: s.skills, templates: t };
}

export interface SeedReport {
  skills: number;
  templates: number;
  videoTemplates: number;
  skipped: string[];
}

type CatalogTable = typeof skills | typeof templates | typeof videoTemplates;

/**
 * Brings the catalogue's rows of one table in step: new slugs are inserted (`origin = 'catalog'`),
 * rows the catalogue still owns are updated, rows an operator edited (or another owner's slug) are
 * left alone and reported as skipped, and catalogue rows no longer shipped are deactivated.
 */
async function syncRows(
  tx: Db,
  table: CatalogTable,
  rows: { slug: string; values: Record<string, unknown> }[],
  skipped: string[],
): Promise<void> {
  // Skills have no owner; templates of the catalogue are the platform's (no tenant).
  const platform = 'tenantId' in table ? isNull(table.tenantId) : undefined;
  for (const { slug, values } of rows) {
    const row = { slug, origin: 'catalog', ...values, updatedAt: new Date() };
    const inserted = await tx
      .insert(table)
      .values(row as never)
      .onConflictDoNothing()
      .returning({ id: table.id });
    if (inserted.length > 0) continue;
    const updated = await tx
      .update(table)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(table.slug, slug), eq(table.origin, 'catalog'), platform))
      .returning({ id: table.id });
    if (updated.length === 0) skipped.push(slug);
  }
  const shipped = rows.map((r) => r.slug);
  await tx
    .update(table)
    .set({ active: false })
    .where(and(eq(table.origin, 'catalog'), shipped.length ? notInArray(table.slug, shipped) : undefined));
}

export async function seedCatalog(db: Db, catalog = loadCatalog()): Promise<SeedReport> {
  const skipped: string[] = [];
  const shared = { tenantId: null, visibility: 'shared' };
  await db.transaction(async (tx) => {
    const skillRows = catalog.skills.map((s, position) => ({
      slug: s.slug,
      values: {
        zhName: s.zh_name,
        description: s.description,
        ratio: s.ratio,
        genre: s.genre,
        refRequired: s.ref_required,
        thumb: s.thumb,
        fields: s.fields,
        prompt: s.prompt,
        active: s.active,
        position,
      },
    }));
    const templateRows = [...catalog.templates.image_templates, ...catalog.templates.article_templates].map((t) => ({
      slug: t.slug,
      values: {
        ...shared,
        type: t.type,
        zhName: t.zh_name,
        description: t.description ?? '',
        category: t.category ?? '',
        domain: t.domain ?? '',
        active: t.active ?? true,
        gated: t.gated ?? false,
        ratio: t.ratio ?? null,
        sampleImages: t.sample_images ?? [],
        templateType: t.template_type ?? null,
        promptTemplate: t.prompt_template,
        fields: t.fields ?? [],
        format: t.format ?? null,
        generationConfigs: t.generation_configs ?? [],
      },
    }));
    const videoRows = catalog.templates.video_templates.map((v) => ({
      slug: v.slug,
      values: {
        ...shared,
        zhName: v.zh_name,
        description: v.description ?? '',
        category: v.category ?? '',
        active: v.active ?? true,
        gated: v.gated ?? false,
        promptTemplate: v.prompt_template,
        fields: v.fields ?? [],
        sampleCoverImage: v.sample_cover_image ?? null,
        sampleVideoUrl: v.sample_video_url ?? null,
        generationConfigs: v.generation_configs,
      },
    }));
    await syncRows(tx, skills, skillRows, skipped);
    await syncRows(tx, templates, templateRows, skipped);
    await syncRows(tx, videoTemplates, videoRows, skipped);
  });
  if (skipped.length)
    logger.warn(
      { skipped },
      'catalogue entries skipped: their slugs are taken by other templates or edited by an operator',
    );
  return {
    skills: catalog.skills.length,
    templates: catalog.templates.image_templates.length + catalog.templates.article_templates.length,
    videoTemplates: catalog.templates.video_templates.length,
    skipped,
  };
}
