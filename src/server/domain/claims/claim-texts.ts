import { DEFAULT_TUTORIAL_TITLE } from '@/contracts/claims';
import type { Config } from '@/server/config';
import type { ClaimCode, Template } from '@/server/db/schema';

/** What a claim code says: its address, its tutorial and the texts a seller pastes (single codes and batches). */

/** A claim's tutorial: its address and title. */
type Tutorial = { url: string; title: string } | null;

export const claimUrl = (config: Pick<Config, 'publicBaseUrl'>, code: string) =>
  `${config.publicBaseUrl}/claim/${code}`;

export function tutorialOf(row: Pick<ClaimCode, 'tutorialPdfUrl' | 'tutorialPdfTitle'>): Tutorial {
  return row.tutorialPdfUrl ? { url: row.tutorialPdfUrl, title: row.tutorialPdfTitle ?? DEFAULT_TUTORIAL_TITLE } : null;
}

/** A template a claim code names: its display name, and whether the code is what opens it. */
export interface ClaimTemplateName {
  name: string;
  /** Opened by the code (the seller's own, or a gated platform template); false: a platform template every account may use. */
  exclusive: boolean;
}

/** Whether a buyer gets a template only through the code: the seller's own, or a gated platform template. */
export const opensOnlyByCode = (t: Pick<Template, 'tenantId' | 'gated'>, sellerId: string) =>
  t.tenantId === sellerId || t.gated;

const quoted = (names: ClaimTemplateName[]) => names.map((n) => `「${n.name}」`).join('、');

/**
 * Texts ready to paste: the product listing (naming the tenant as provider) and the reply to the buyer.
 * Only templates the code opens are called 专属; a platform template everyone has is named as one, and the buyer is
 * told what the claim page asks for (a nickname, an e-mail and a password).
 */
export function claimTexts(input: {
  tenantName: string;
  url: string;
  credits: number;
  templates: ClaimTemplateName[];
  tutorialTitle: string | null;
}) {
  const own = input.templates.filter((n) => n.exclusive);
  const platform = input.templates.filter((n) => !n.exclusive);
  const gives = [
    `含 ${input.credits} 积分`,
    own.length ? `${own.length} 款专属模板：${quoted(own)}` : '',
    platform.length ? `平台模板：${quoted(platform)}` : '',
  ].filter(Boolean);
  const product_copy = [
    `【${input.tenantName} 提供】AI 生图权益包`,
    `${gives.join('；')}。`,
    input.tutorialTitle ? `附赠《${input.tutorialTitle}》。` : '',
    '下单后发送专属领取链接，打开链接填写昵称、邮箱并设置登录密码即可领取，领取后用该邮箱和密码登录即可在线生成图片。',
  ]
    .filter(Boolean)
    .join('\n');
  const contents = [
    `${input.credits} 积分`,
    own.length ? `专属模板${quoted(own)}` : '',
    platform.length ? `平台模板${quoted(platform)}` : '',
    input.tutorialTitle ? `《${input.tutorialTitle}》` : '',
  ].filter(Boolean);
  const reply_text = [
    '亲，您购买的 AI 生图权益已为您准备好啦～',
    `领取链接：${input.url}`,
    `权益内容：${contents.join(' + ')}`,
    '打开链接，填写昵称、邮箱并设置登录密码即可领取（该邮箱已有账户时，权益加入原账户，用原密码登录）。领取链接仅可使用一次，请勿转发给他人。',
  ].join('\n');
  return { product_copy, reply_text };
}
