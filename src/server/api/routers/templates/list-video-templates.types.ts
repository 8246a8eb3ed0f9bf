import { z } from 'zod';
import { route } from '../../meta';
import { fieldSpecOut, sourceQuery } from './list-templates.types';

export const videoTemplateOut = z.object({
  id: z.uuid(),
  slug: z.string(),
  zh_name: z.string(),
  description: z.string(),
  category: z.string(),
  tenant_id: z.string().nullable().meta({ description: 'Owner: your tenant id for your own templates; null for platform templates' }),
  seller: z.string().nullable().meta({ description: 'Always null for video templates (claim codes grant image and article templates)' }),
  visibility: z.enum(['private', 'shared']),
  active: z.boolean(),
  gated: z.boolean(),
  source: z.enum(['mine', 'platform']),
  locked: z.boolean(),
  prompt_template: z.string().nullable(),
  fields: z.array(fieldSpecOut).nullable(),
  sample_cover_image: z.string().nullable(),
  sample_video_url: z.string().nullable(),
  generation_configs: z.array(z.object({ ratio: z.string().optional(), duration: z.number().optional() })),
  created_at: z.string(),
  updated_at: z.string(),
});

/** Create and update answer the video template as the list shows it. */
export const oneVideoTemplateOutput = z.object({ ok: z.literal(true), template: videoTemplateOut });

export const listVideoTemplatesInput = z.object({ source: sourceQuery, slug: z.string().max(80).optional() });
export const listVideoTemplatesOutput = z.object({ ok: z.literal(true), templates: z.array(videoTemplateOut) });

export const listVideoTemplatesMeta = route('GET /video-templates', 'Templates', 'Video templates', {
  description: '`source` = `mine`, `platform` or `all` (default); invalid: 400. Every row carries `source`.',
});
