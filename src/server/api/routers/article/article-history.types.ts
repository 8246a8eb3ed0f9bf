import { z } from 'zod';
import { articleFormats } from '@/contracts/templates';
import { HISTORY_PAGE } from '@/server/domain/article/history';

const articleInput = z.union([z.string(), z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]))]);

/** What both the history list and one article show. */
const articleShared = z.object({
  id: z.string(),
  status: z.enum(['done', 'failed']),
  template_slug: z.string(),
  template_id: z.string().nullable(),
  template_name: z.string(),
  format: z.enum(articleFormats),
  title: z.string().nullable(),
  hashtags: z.array(z.string()).nullable(),
  error: z.string().nullable(),
  credits: z.number().int(),
  by: z.enum(['member', 'key', 'session']),
  account_id: z.string().nullable(),
  created_at: z.string(),
  elapsed_ms: z.number().int().nullable(),
});

export const articleHistoryInput = z.object({
  q: z.string().max(200).optional(),
  status: z.enum(['done', 'failed']).optional(),
  limit: z.number().int().min(1).max(50).default(HISTORY_PAGE),
  cursor: z.string().max(200).optional(),
});

export const articleHistoryOutput = z.object({
  articles: z.array(articleShared.extend({ excerpt: z.string().nullable(), topic: z.string().nullable() })),
  next_cursor: z.string().nullable(),
});

export const getArticleInput = z.object({ id: z.uuid() });

export const getArticleOutput = articleShared.extend({ body: z.string().nullable(), input: articleInput.nullable() });
