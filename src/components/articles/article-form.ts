import type { FieldPath } from 'react-hook-form';
import { z } from 'zod';
import { articleRequestSchema, type ArticleRequest } from '@/contracts/article';
import type { FieldSpec } from '@/components/fields/field-model';
import {
  checkDraft,
  checkRequest,
  draftFieldName,
  draftsSchema,
  type FieldErrors,
} from '@/components/fields/fields-schema';

/**
 * The article writer's form: the chosen template and what was typed for each template, checked the
 * way `article.write` checks it; its output is that request.
 */

/** An article template as the form needs it. */
export interface ArticleTemplateRow {
  id: string;
  slug: string;
  fields: FieldSpec[] | null;
}

const valuesSchema = z.object({
  /** The chosen template's slug (or id, as an address may give it). */
  template: z.string().nullable(),
  /** What was typed for each template, by slug. */
  drafts: draftsSchema,
});

export type ArticleValues = z.input<typeof valuesSchema>;
export type ArticleFieldName = FieldPath<ArticleValues>;

/** A template by slug or id. */
export function findArticleTemplate<T extends { id: string; slug: string }>(
  templates: readonly T[],
  ref: string | null,
): T | undefined {
  if (!ref) return undefined;
  return templates.find((t) => t.slug === ref) ?? templates.find((t) => t.id === ref);
}

/** Templates without fields always take one sentence. */
const inputShape = (t: ArticleTemplateRow) => ({ fields: t.fields, sentence: 'required' as const });

/** The input that shows a problem with one path of the request, or null (said under the form). */
export function articleFieldName(
  path: readonly PropertyKey[],
  template: ArticleTemplateRow | undefined,
): ArticleFieldName | null {
  if (path[0] === 'template_slug') return 'template';
  if (path[0] === 'input' && template) return draftFieldName(template.slug, inputShape(template), path);
  return null;
}

/** The one refusal the form words itself, and the translator of the fields' own refusals (`fields.errors`). */
export interface ArticleFormWords {
  chooseTemplate: string;
  fields: FieldErrors;
}

export function articleSchema(templates: readonly ArticleTemplateRow[], words: ArticleFormWords) {
  return valuesSchema.transform((v, ctx): ArticleRequest => {
    const template = findArticleTemplate(templates, v.template);
    if (!template) {
      ctx.addIssue({ code: 'custom', message: words.chooseTemplate, path: ['template'] });
      return z.NEVER;
    }
    const drafted = checkDraft(ctx, template.slug, inputShape(template), v.drafts[template.slug], words.fields);
    if (!drafted) return z.NEVER;
    const body = { template_slug: template.slug, ...(drafted.input === undefined ? {} : { input: drafted.input }) };
    return checkRequest(ctx, articleRequestSchema, body, (path) => articleFieldName(path, template)) ?? z.NEVER;
  });
}
