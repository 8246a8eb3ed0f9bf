import { modelJson } from '@/server/upstreams/model-json';
import type { ArticleFormat } from '@/contracts/templates';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { chatProvider } from '@/server/upstreams/providers';
import { routeCall } from '@/server/upstreams/engine';
import { UpstreamError } from '@/server/upstreams/types';
import type { ArticleRequest } from '@/contracts/article';
import { jobs } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { currentRequestId } from '@/server/request-id';
import type { ScopedIdentity } from '@/server/domain/auth/identity';
import type { Deps } from '@/server/domain/deps';
import { chargeWork, refundJob } from '@/server/domain/credits/ledger';
import { admitModel } from '@/server/domain/keys/policy';
import { fillSlots } from '@/server/domain/templates/slots';
import { templateForUse } from '@/server/domain/templates/templates';

/** What each format returns (spec: xiaohongshu has hashtags, the others title and body). */
export const FORMAT_FIELDS: Record<ArticleFormat, readonly ('title' | 'body' | 'hashtags')[]> = {
  xiaohongshu: ['title', 'body', 'hashtags'],
  wechat: ['title', 'body'],
  detail: ['title', 'body'],
  script: ['title', 'body'],
};

const FORMAT_BRIEF: Record<ArticleFormat, string> = {
  xiaohongshu:
    '平台：小红书（xiaohongshu）笔记。标题不超过20个字，可带1-2个表情；正文分短段落，口语化、有代入感，适当使用表情符号；另给出3-8个话题标签。',
  wechat: '平台：微信公众号（wechat）文章。标题有吸引力但不夸张；正文结构清晰，可用小标题，段落完整，结尾有互动引导。',
  detail: '用途：电商商品详情页文案（detail）。标题点出核心卖点；正文分卖点逐条说明，具体、可信，避免绝对化用语。',
  script: '用途：短视频口播脚本（script）。标题是视频标题；正文按镜头或段落写出口播台词，节奏紧凑，开头三秒抓人。',
};

const articleAnswer = z.object({
  title: z.string().trim().min(1).max(200),
  body: z.string().trim().min(1).max(20_000),
  hashtags: z.array(z.string().trim().min(1).max(60)).max(20).optional(),
});

export interface Article {
  format: ArticleFormat;
  title: string;
  body: string;
  hashtags?: string[];
}

function systemPrompt(format: ArticleFormat): string {
  const fields = FORMAT_FIELDS[format];
  const shape = fields.includes('hashtags')
    ? '{"title": "标题", "body": "正文", "hashtags": ["#话题1", "#话题2"]}'
    : '{"title": "标题", "body": "正文"}';
  return [
    '你是一名资深中文新媒体文案。根据用户给出的写作要求完成一篇文案。',
    FORMAT_BRIEF[format],
    `只输出一个 JSON 对象，不要输出任何其他文字，格式为：${shape}`,
  ].join('\n');
}

/** Reads the model's answer: a JSON object (possibly fenced) with the format's fields, or null. */
export function parseArticle(content: string | null, format: ArticleFormat): Article | null {
  const answer = modelJson(content, articleAnswer);
  if (!answer) return null;
  const { title, body, hashtags } = answer;
  if (format !== 'xiaohongshu') return { format, title, body };
  if (!hashtags || hashtags.length === 0) return null;
  return { format, title, body, hashtags: hashtags.map((h) => (h.startsWith('#') ? h : `#${h}`)) };
}

/** Who wrote an article, as the history shows it. */
function writer(who: ScopedIdentity): 'member' | 'key' | 'session' {
  return who.kind === 'member' ? 'member' : who.via;
}

/**
 * Writes copy from an article template: fills its slots, asks a chat upstream through routing for
 * JSON, and validates the answer. A malformed answer counts as a failed attempt, so the next
 * upstream of the chain is tried; a half-parsed answer is never returned. Charged in the `article`
 * category before the call (the ledger ref is the article's id) and refunded when every upstream
 * failed. Every article that was paid for is kept as a finished `article` job: its input, template
 * and copy, or why it failed (written in the refund's transaction).
 */
export async function writeArticle(
  ctx: Pick<Deps, 'db' | 'config'>,
  who: ScopedIdentity,
  req: ArticleRequest,
): Promise<Article & { template_slug: string; credits: number }> {
  const template = await templateForUse(ctx.db, who, req.template_slug, 'article', ['template_slug']);
  const format = template.format ?? 'wechat';
  const prompt = fillSlots(template.promptTemplate, template.fields, req.input, {
    sentenceRequired: template.fields.length === 0,
  });
  // An article names no model: a key's `models` must list `auto` for it.
  admitModel(who, null);
  const id = randomUUID();
  const price = ctx.config.prices.article;
  const wallet = await chargeWork(ctx.db, who, {
    amount: price,
    category: 'article',
    ref: id,
    note: `article ${template.slug}`,
  });
  const started = new Date();
  const row = {
    id,
    tenantId: who.tenantId,
    accountId: who.kind === 'member' ? who.accountId : null,
    kind: 'article' as const,
    input: {
      template_slug: template.slug,
      template_id: template.id,
      template_name: template.zhName,
      format,
      ...(req.input === undefined ? {} : { input: req.input }),
      by: writer(who),
    },
    credits: price,
    walletAccountId: wallet.accountId,
    costUsd: price * ctx.config.creditUsd,
    requestId: currentRequestId() ?? null,
    keyId: who.key?.id ?? null,
    createdAt: started,
    startedAt: started,
  };
  const finished = () => {
    const at = new Date();
    return { finishedAt: at, elapsedMs: at.getTime() - started.getTime() };
  };
  try {
    const routed = await routeCall(
      ctx.db,
      ctx.config.secret,
      { media: 'chat', needs: {} },
      async (target, _model, signal) => {
        const completion = await chatProvider(target).complete(
          target,
          {
            messages: [
              { role: 'system', content: systemPrompt(format) },
              { role: 'user', content: prompt },
            ],
            response_format: { type: 'json_object' },
            temperature: 0.8,
          },
          signal,
        );
        const article = parseArticle(completion.choices[0]?.message.content ?? null, format);
        if (!article) throw new UpstreamError('bad_output', 'the answer was not the article JSON asked for');
        return article;
      },
      { ref: id, tenantId: who.tenantId },
    );
    const article = routed.result;
    await ctx.db.insert(jobs).values({ ...row, ...finished(), status: 'done', result: { ...article } });
    return { ...article, template_slug: template.slug, credits: price };
  } catch (err) {
    // Routing's errors are worded for callers (no provider named); anything else is not shown.
    const reason = err instanceof AppError ? err.message : 'the article could not be written';
    await ctx.db.transaction(async (tx) => {
      await refundJob(
        tx,
        { ...row, walletAccountId: wallet.accountId, accountId: wallet.actorAccountId },
        { category: 'article', note: 'article not written' },
      );
      await tx
        .insert(jobs)
        .values({ ...row, ...finished(), status: 'failed', error: reason.slice(0, 500), creditsRefunded: row.credits });
    });
    throw err;
  }
}
