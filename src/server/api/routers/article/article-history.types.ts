import { notFoundError } from '@/server/errors';
import { z } from 'zod';
import { articleFormats } from '@/contracts/templates';
import { HISTORY_PAGE } from '@/server/domain/article/history';
import { route } from '@/server/api/meta';

const articleInput = z
  .union([z.string(), z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]))])
  .meta({ description: "The caller's input: one sentence, or the template slots' values" });

/** What both the history list and one article show. */
const articleShared = z.object({
  id: z.string().meta({ description: 'The article id (GET /api/article?id=)' }),
  status: z.enum(['done', 'failed']).meta({ description: 'done, or failed (its credits were refunded)' }),
  template_slug: z.string().meta({ description: 'The article template it was written from' }),
  template_id: z
    .string()
    .nullable()
    .meta({ description: "The template's id; null when the template was since deleted" }),
  template_name: z.string().meta({ description: "The template's name" }),
  format: z.enum(articleFormats).meta({ description: 'The copy format of the template' }),
  title: z.string().nullable().meta({ description: 'The title written; null when it failed' }),
  hashtags: z.array(z.string()).nullable().meta({ description: 'The hashtags written; null when it failed' }),
  error: z.string().nullable().meta({ description: 'Why it failed' }),
  credits: z.number().int().meta({ description: 'Credits charged (refunded when it failed)' }),
  by: z
    .enum(['member', 'key', 'session'])
    .meta({ description: "Who wrote it: a member's key, the tenant key or a console session" }),
  account_id: z.string().nullable().meta({ description: 'The member account that wrote it' }),
  created_at: z.string().meta({ description: 'When it was asked for (ISO 8601)' }),
  elapsed_ms: z.number().int().nullable().meta({ description: 'How long the writing took' }),
});

export const articleHistoryInput = z.object({
  q: z.string().max(200).meta({ description: 'Words to find in the title, body, topic or template' }).optional(),
  status: z.enum(['done', 'failed']).meta({ description: 'Only done or only failed articles' }).optional(),
  limit: z
    .number()
    .int()
    .min(1)
    .max(50)
    .default(HISTORY_PAGE)
    .meta({ description: `Articles per page, 1-50 (default ${HISTORY_PAGE})` }),
  cursor: z.string().max(200).meta({ description: 'next_cursor of the previous page' }).optional(),
});

export const articleHistoryOutput = z.object({
  ok: z.literal(true),
  articles: z
    .array(
      articleShared.extend({
        excerpt: z.string().nullable().meta({ description: 'The beginning of the body' }),
        topic: z.string().nullable().meta({ description: "The caller's input in one line" }),
      }),
    )
    .meta({ description: 'Newest first' }),
  next_cursor: z.string().nullable().meta({ description: 'Pass as cursor for the next page; null on the last' }),
});

export const getArticleInput = z.object({
  id: z.uuid('must be an article id (uuid)').meta({ description: 'The article id, from the history' }),
});

export const getArticleOutput = articleShared.extend({
  ok: z.literal(true),
  body: z.string().nullable().meta({ description: 'The copy written; null when it failed' }),
  input: articleInput.nullable().meta({
    description: "The caller's input: one sentence, or the template slots' values; null when it was not kept",
  }),
});

export const articleHistoryMeta = route(
  'GET /article/history',
  'Articles',
  'The articles written, newest first, with search',
  {
    description:
      'Every article `POST /api/article` wrote (and the failed ones, refunded), newest first: `q` searches ' +
      'the title, body, topic and template; `status` filters; pass `next_cursor` as `cursor` for the next ' +
      'page. A tenant key sees every article of the tenant, a member key only its own.',
  },
);

export const getArticleMeta = route('GET /article', 'Articles', 'One article in full', {
  errors: [notFoundError('article')],
  description:
    '`?id=<id>` from the history: the article with its body and the input it was written from. A member ' +
    'key sees only its own; another tenant’s article is 404.',
});
