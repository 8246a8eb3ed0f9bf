import { ROUTING_ERRORS } from '@/server/upstreams/engine';
import { KEY_SPEND_CAP_ERROR } from '@/server/domain/keys/kinds';
import { INSUFFICIENT_CREDITS_ERROR } from '@/server/domain/credits/ledger';
import { z } from 'zod';
import { articleFormats } from '@/contracts/templates';
import { route } from '@/server/api/meta';

export const writeArticleOutput = z.object({
  ok: z.literal(true),
  template_slug: z.string().meta({ description: 'The template the copy was written from' }),
  format: z
    .enum(articleFormats)
    .meta({ description: "The template's format: `xiaohongshu` (with `hashtags`), `wechat`, `detail` or `script`" }),
  title: z.string().meta({ description: 'The title of the copy' }),
  body: z.string().meta({ description: 'The text of the copy' }),
  hashtags: z.array(z.string()).optional().meta({ description: 'xiaohongshu only' }),
  credits: z.number().int().meta({ description: 'Credits charged' }),
});

export const writeArticleMeta = route(
  'POST /article',
  'Articles',
  'Write copy from an article template (synchronous)',
  {
    errors: [INSUFFICIENT_CREDITS_ERROR, KEY_SPEND_CAP_ERROR, ...ROUTING_ERRORS],
    limit: 'article',
    keyKind: 'article',
    description:
      'Body `template_slug` + `input`: an object for form templates (required fields must be present), one ' +
      'sentence for templates without fields. The template’s `format` decides the fields: `xiaohongshu` ' +
      'answers `title`, `body`, `hashtags`; `wechat`, `detail` and `script` answer `title`, `body`. The ' +
      'model’s answer is validated; a malformed one is retried on the next upstream and never returned ' +
      'half-parsed. Charged `credits` (in the answer), refunded if no upstream could write it; `GET ' +
      '/api/tenant-usage` counts articles in `chat`. Every article written is kept in the console’s article ' +
      'history (not in `GET /api/jobs`). Not enough credits: 402.',
  },
);
