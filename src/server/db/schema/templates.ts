import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { articleFormats, templateTypes } from '@/contracts/templates';
import { hookTypes } from '@/contracts/pipelines';
import type { FieldSpec } from '@/contracts/slots';
import { tenantRef, tenants } from './tenants';
import { stamp, uuidKey } from './columns';

export interface GenerationConfig {
  default_reference_images?: string[];
  [key: string]: unknown;
}

export interface VideoGenerationConfig {
  ratio?: string;
  duration?: number;
  [key: string]: unknown;
}

/** Who wrote a catalogue row: the shipped catalogue file (kept in step with it on start) or an operator (left alone). */
export const catalogOrigins = ['catalog', 'operator', 'tenant'] as const;
export type CatalogOrigin = (typeof catalogOrigins)[number];

/**
 * Platform recipes. `prompt` never leaves the server: no endpoint returns it and no error quotes it.
 * One-sentence skills (fields null) put the caller's sentence in the `{input}` slot.
 */
export const skills = pgTable('skills', {
  id: uuidKey(),
  slug: text().notNull().unique(),
  zhName: text().notNull(),
  description: text().notNull(),
  ratio: text().notNull(),
  genre: text().notNull(),
  refRequired: boolean().notNull().default(false),
  thumb: text().notNull(),
  fields: jsonb().$type<FieldSpec[] | null>(),
  prompt: text().notNull(),
  active: boolean().notNull().default(true),
  position: integer().notNull().default(0),
  origin: text({ enum: catalogOrigins }).notNull().default('operator'),
  createdAt: stamp(),
  updatedAt: stamp(),
});

export type Skill = typeof skills.$inferSelect;

export const visibilities = ['private', 'shared'] as const;

/**
 * Image and article templates in one store. A tenant's own templates are `private`;
 * platform templates have no tenant and are `shared` with every tenant.
 */
export const templates = pgTable(
  'templates',
  {
    id: uuidKey(),
    slug: text().notNull().unique(),
    tenantId: uuid().references(() => tenants.id, { onDelete: 'cascade' }),
    type: text({ enum: templateTypes }).notNull(),
    zhName: text().notNull(),
    description: text().notNull().default(''),
    category: text().notNull().default(''),
    domain: text().notNull().default(''),
    visibility: text({ enum: visibilities }).notNull().default('private'),
    active: boolean().notNull().default(true),
    gated: boolean().notNull().default(false),
    ratio: text(),
    sampleImages: jsonb().$type<string[]>().notNull().default([]),
    templateType: text(),
    promptTemplate: text().notNull(),
    fields: jsonb().$type<FieldSpec[]>().notNull().default([]),
    format: text({ enum: articleFormats }),
    generationConfigs: jsonb().$type<GenerationConfig[]>().notNull().default([]),
    origin: text({ enum: catalogOrigins }).notNull().default('tenant'),
    createdAt: stamp(),
    updatedAt: stamp(),
  },
  (t) => [
    index('templates_tenant_idx').on(t.tenantId, t.type),
    check('templates_owner_visibility', sql`(${t.tenantId} is null) = (${t.visibility} = 'shared')`),
    check('templates_article_format', sql`(${t.type} = 'article') = (${t.format} is not null)`),
  ],
);

export type Template = typeof templates.$inferSelect;

/** Video templates: a separate store with their own fields. */
export const videoTemplates = pgTable(
  'video_templates',
  {
    id: uuidKey(),
    slug: text().notNull().unique(),
    tenantId: uuid().references(() => tenants.id, { onDelete: 'cascade' }),
    zhName: text().notNull(),
    description: text().notNull().default(''),
    category: text().notNull().default(''),
    visibility: text({ enum: visibilities }).notNull().default('private'),
    active: boolean().notNull().default(true),
    gated: boolean().notNull().default(false),
    promptTemplate: text().notNull(),
    fields: jsonb().$type<FieldSpec[]>().notNull().default([]),
    sampleCoverImage: text(),
    sampleVideoUrl: text(),
    generationConfigs: jsonb().$type<VideoGenerationConfig[]>().notNull().default([]),
    origin: text({ enum: catalogOrigins }).notNull().default('tenant'),
    createdAt: stamp(),
    updatedAt: stamp(),
  },
  (t) => [
    index('video_templates_tenant_idx').on(t.tenantId),
    check('video_templates_owner_visibility', sql`(${t.tenantId} is null) = (${t.visibility} = 'shared')`),
  ],
);

export type VideoTemplate = typeof videoTemplates.$inferSelect;

/** A tenant's binding from an image template to a downstream article or video template, by slug only. */
export const templateHooks = pgTable(
  'template_hooks',
  {
    id: uuidKey(),
    tenantId: tenantRef(),
    imageTemplateSlug: text().notNull(),
    hookType: text({ enum: hookTypes }).notNull(),
    hookTemplateSlug: text().notNull(),
    enabled: boolean().notNull().default(true),
    note: text().notNull().default(''),
    createdAt: stamp(),
    updatedAt: stamp(),
  },
  (t) => [uniqueIndex('template_hooks_binding_uq').on(t.tenantId, t.imageTemplateSlug, t.hookType)],
);

export type TemplateHook = typeof templateHooks.$inferSelect;
