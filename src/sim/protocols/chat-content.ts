import type { ChatMessageView } from './chat-message-view';
import { isRecord, type Json } from './http';
import { pick, pickSome, seeded, type Rnd } from './reply-random';
import { readImageFacts, visionObject, type ImageFacts } from './vision-content';

export { readImageFacts, type ImageFacts } from './vision-content';
export type { ChatMessageView } from './chat-message-view';

/**
 * Deterministic reply text for the simulated chat model. The reply depends only on the
 * conversation (mostly the last user message), never on time or randomness, and picks one
 * of a few shapes:
 *  - image reading (a message carries an image part and JSON is wanted): a structured
 *    description of the picture (`sculpt`, prompts, tags, text layers...); a PNG poster drawn by
 *    `renderPoster` is read exactly: its embedded text layers and its real aspect ratio;
 *  - article (the system prompt names xiaohongshu/wechat, or JSON with title/body is asked):
 *    `{title, body, hashtags?}` in Chinese;
 *  - any other JSON request: a small generic object, conformed to `json_schema` when given;
 *  - otherwise plain prose.
 */

export type ResponseFormat =
  { type: 'text' } | { type: 'json_object' } | { type: 'json_schema'; schema: Record<string, unknown> | null };

export type ReplyKind = 'vision' | 'article' | 'json' | 'text';

export interface Reply {
  kind: ReplyKind;
  /** True when the caller asked for JSON (response_format or wording). */
  json: boolean;
  content: string;
}

const hasCjk = (text: string): boolean => /[\u3400-\u9fff\uf900-\ufaff]/.test(text);

export type Platform = 'xiaohongshu' | 'wechat' | 'generic';

function detectPlatform(text: string): Platform | null {
  if (/xiaohongshu|小红书|rednote/i.test(text)) return 'xiaohongshu';
  if (/wechat|weixin|微信|公众号/i.test(text)) return 'wechat';
  return null;
}

/** The subject of an article request, pulled from the user's wording. */
export function extractTopic(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  const zh = /关于[「“"《]?(.{2,24}?)[」”"》]?(?:的(?:文章|笔记|推文|帖子|内容)|[，。,.！!？?\n]|$)/.exec(t);
  if (zh?.[1]) return zh[1].trim();
  const en = /\babout\s+["']?(.{2,60}?)["']?(?:[.,;!?\n]|$)/i.exec(t);
  if (en?.[1]) return en[1].trim();
  const topicLine =
    /(?:topic|product|主题|话题|商品|产品|视频主题|文章主题)\s*[:：]\s*(.{2,40}?)(?:[，。,.;\n]|$)/i.exec(text);
  if (topicLine?.[1]) return topicLine[1].trim();
  // A brief with instructions around one short line of its own (a filled template): that line is the subject.
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length > 1) {
    const subject = lines.find(
      (l) => [...l].length <= 30 && !/^(请|写作要求|要求|\d+[.、]|[-*#])/.test(l) && !/[:：]$/.test(l),
    );
    if (subject) return subject.replace(/[。.!！]$/, '');
  }
  const first = t.split(/[。！？.!?\n]/)[0] ?? t;
  const cleaned = first.replace(/^(请|帮我|麻烦)?(写|生成|创作)(一篇|一条|一个)?/, '').trim();
  const chars = [...(cleaned || t)];
  return chars.length > 20 ? `${chars.slice(0, 20).join('')}…` : chars.join('') || '今日分享';
}

const HOOKS = ['新手也能一次学会', '我后悔没早点知道', '这几点真的很关键', '亲测有效的小方法', '一篇讲清楚'];
const EMOJIS = ['✨', '🌿', '☕️', '📌', '💡', '🌸', '🔥'];

function articleObject(rnd: Rnd, topic: string, platform: Platform, withHashtags: boolean): Record<string, Json> {
  const hook = pick(rnd, HOOKS);
  const e1 = pick(rnd, EMOJIS);
  const e2 = pick(rnd, EMOJIS);
  const bare = topic.replace(/[#＃]/g, '');
  const hashtags = [
    `#${bare.replace(/\s+/g, '').slice(0, 12)}`,
    ...pickSome(rnd, ['#生活方式', '#干货分享', '#日常记录', '#实用技巧', '#好物推荐', '#新手入门'], 3),
  ];
  if (platform === 'xiaohongshu') {
    return {
      title: `${e1}${bare}｜${hook}`,
      body: [
        `${e1} 最近很多姐妹问我${bare}，今天一次性整理好啦～`,
        `${e2} 第一步：先想清楚自己的需求，别盲目跟风。`,
        `📌 第二步：从最简单的做起，每天坚持十分钟。`,
        `💡 第三步：记录变化，及时调整方法。`,
        `按这个思路来，${bare}真的没有想象中那么难！有问题评论区见～`,
      ].join('\n\n'),
      hashtags,
    };
  }
  if (platform === 'wechat') {
    const article: Record<string, Json> = {
      title: `${bare}：${hook}`,
      body: [
        `提到${bare}，很多人的第一反应是“太复杂”。其实，只要抓住几个关键点，事情就会清晰很多。`,
        `## 一、为什么值得关注\n\n${bare}与我们的日常息息相关。理解它的来龙去脉，能帮助我们做出更好的选择。`,
        `## 二、常见的误区\n\n最常见的误区是急于求成。循序渐进、持续复盘，往往比一次性投入更有效。`,
        `## 三、实用建议\n\n1. 明确目标；\n2. 拆解步骤；\n3. 定期回顾。`,
        `写在最后：关于${bare}，你有什么经验或疑问？欢迎在留言区和我们交流。`,
      ].join('\n\n'),
    };
    if (withHashtags) article.hashtags = hashtags;
    return article;
  }
  const article: Record<string, Json> = {
    title: `${bare}：${hook}`,
    body: `关于${bare}，这里有三点建议：第一，明确目标；第二，从小处着手；第三，坚持记录与复盘。只要方法得当，就能看到稳定的进步。`,
  };
  if (withHashtags) article.hashtags = hashtags;
  return article;
}

function plainText(rnd: Rnd, lastUser: ChatMessageView, topic: string, image: () => ImageFacts | null): string {
  if (lastUser.images.length > 0) {
    const v = visionObject(rnd, image());
    const s = v.sculpt;
    const subject = isRecord(s) && typeof s.subject === 'string' ? s.subject : 'a still life';
    return hasCjk(lastUser.text)
      ? `这张图片展示了${typeof v.prompt_cn === 'string' ? v.prompt_cn : '一幅静物'}。整体风格统一，适合用作${typeof v.aspect_ratio === 'string' ? v.aspect_ratio : '1:1'}画幅的配图。`
      : `The image shows ${subject}. ${typeof v.description === 'string' ? v.description : ''}`.trim();
  }
  if (lastUser.text.trim() === '')
    return hasCjk(topic) ? '你好！有什么可以帮你的吗？' : 'Hello! How can I help you today?';
  if (hasCjk(lastUser.text)) {
    return `关于「${topic}」，简单来说：先明确目标，再把问题拆成几个小步骤，逐一验证。${pick(rnd, ['如果需要，我可以进一步展开。', '希望对你有帮助。', '欢迎继续追问细节。'])}`;
  }
  return (
    `Here is a short answer about "${topic}": start from the goal, break the problem into small steps and ` +
    `check each one. ${pick(rnd, ['Happy to expand on any part.', 'I hope this helps.', 'Ask me for more detail anytime.'])}`
  );
}

/** Builds a value that satisfies a (subset of) JSON Schema, preferring values from `base`. */
export function conformToSchema(schema: unknown, base: Json | undefined, rnd: Rnd, name = 'value', depth = 0): Json {
  if (!isRecord(schema) || depth > 8) return base ?? null;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    const enums = schema.enum as Json[];
    if (base !== undefined && enums.some((e) => JSON.stringify(e) === JSON.stringify(base))) return base;
    return enums[0] ?? null;
  }
  if ('const' in schema) return (schema.const ?? null) as Json;
  const variants: unknown[] | null = Array.isArray(schema.anyOf)
    ? schema.anyOf
    : Array.isArray(schema.oneOf)
      ? schema.oneOf
      : null;
  if (variants) {
    const nonNull = variants.find((v) => !(isRecord(v) && v.type === 'null'));
    return conformToSchema(nonNull, base, rnd, name, depth + 1);
  }
  const types = Array.isArray(schema.type)
    ? schema.type.filter((t): t is string => typeof t === 'string' && t !== 'null')
    : [schema.type];
  const type = typeof types[0] === 'string' ? types[0] : isRecord(schema.properties) ? 'object' : undefined;
  switch (type) {
    case 'object': {
      const props = isRecord(schema.properties) ? schema.properties : {};
      const baseObj = isRecord(base) ? (base as Record<string, Json>) : {};
      const out: Record<string, Json> = {};
      for (const [key, sub] of Object.entries(props))
        out[key] = conformToSchema(sub, baseObj[key], rnd, key, depth + 1);
      if (Object.keys(props).length === 0) return isRecord(base) ? base : {};
      return out;
    }
    case 'array': {
      const items = Array.isArray(base) ? base : [undefined];
      const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const max = typeof schema.maxItems === 'number' ? schema.maxItems : Number.POSITIVE_INFINITY;
      const list = items.slice(0, max).map((item) => conformToSchema(schema.items, item, rnd, name, depth + 1));
      while (list.length < min) list.push(conformToSchema(schema.items, undefined, rnd, name, depth + 1));
      return list;
    }
    case 'string':
      if (typeof base === 'string') return base;
      if (base !== undefined && base !== null && typeof base !== 'object') return String(base);
      return `${name} ${pick(rnd, ['示例', 'sample', '内容'])}`;
    case 'integer': {
      if (typeof base === 'number' && Number.isInteger(base)) return base;
      return typeof schema.minimum === 'number' ? Math.ceil(schema.minimum) : 1;
    }
    case 'number':
      if (typeof base === 'number') return base;
      return typeof schema.minimum === 'number' ? schema.minimum : 0.5;
    case 'boolean':
      return typeof base === 'boolean' ? base : true;
    case 'null':
      return null;
    default:
      return base ?? null;
  }
}

export interface ReplyInput {
  messages: ChatMessageView[];
  responseFormat: ResponseFormat;
}

export function composeReply(input: ReplyInput): Reply {
  const { messages, responseFormat } = input;
  const lastUser = [...messages].reverse().find((m) => m.role === 'user') ?? { role: 'user', text: '', images: [] };
  const systemText = messages
    .filter((m) => m.role === 'system' || m.role === 'developer')
    .map((m) => m.text)
    .join('\n');
  const anyImage = messages.some((m) => m.images.length > 0);
  const wantsJson = responseFormat.type !== 'text' || /\bjson\b/i.test(`${systemText}\n${lastUser.text}`);
  const rnd = seeded(`${lastUser.text}\u0000${lastUser.images.join('\u0000')}`);
  const topic = extractTopic(lastUser.text);
  const schema = responseFormat.type === 'json_schema' ? responseFormat.schema : null;
  const instructions = `${systemText}\n${lastUser.text}`;
  // Decoded only when a reply describes the image (a data URL may be megabytes).
  const image = (): ImageFacts | null => (anyImage ? readImageFacts(messages) : null);

  const platform = detectPlatform(systemText) ?? (wantsJson ? detectPlatform(lastUser.text) : null);
  const asksTitleBody = wantsJson && /\btitle\b|标题/i.test(instructions) && /\bbody\b|正文/i.test(instructions);
  const schemaProps = schema && isRecord(schema.properties) ? Object.keys(schema.properties) : [];
  const schemaIsArticle = schemaProps.includes('title') && schemaProps.includes('body');

  let kind: ReplyKind;
  let value: Json;
  if (anyImage && (wantsJson || schema || /sculpt|prompt_cn|text_layers/i.test(instructions))) {
    kind = 'vision';
    value = visionObject(rnd, image());
  } else if (platform || asksTitleBody || schemaIsArticle) {
    kind = 'article';
    const withHashtags =
      platform === 'xiaohongshu' || /hashtag|话题|标签/i.test(instructions) || schemaProps.includes('hashtags');
    value = articleObject(rnd, topic, platform ?? 'generic', withHashtags);
    // An article requested without JSON wording still reads best as prose.
    if (!wantsJson) {
      const a = value as { title: string; body: string; hashtags?: string[] };
      const tags = a.hashtags ? `\n\n${a.hashtags.join(' ')}` : '';
      return { kind, json: false, content: `${a.title}\n\n${a.body}${tags}` };
    }
  } else if (wantsJson) {
    kind = 'json';
    value = { answer: plainText(rnd, lastUser, topic, image), topic, language: hasCjk(lastUser.text) ? 'zh' : 'en' };
  } else {
    return { kind: 'text', json: false, content: plainText(rnd, lastUser, topic, image) };
  }
  if (schema) value = conformToSchema(schema, value, rnd);
  return { kind, json: true, content: JSON.stringify(value) };
}

/**
 * A JSON reply with about half of its top-level keys gone (the `missing_fields` fault): every second
 * key, and always `text_layers` and `sculpt`. Still valid JSON; anything but an object is unchanged.
 */
export function withMissingFields(json: string): string {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return json;
  }
  if (!isRecord(value)) return json;
  const kept = Object.entries(value).filter(([key], i) => i % 2 === 0 && key !== 'text_layers' && key !== 'sculpt');
  return JSON.stringify(Object.fromEntries(kept));
}

/** Rough token count: one per CJK character, one per four other characters. */
export function estimateTokens(text: string): number {
  let cjk = 0;
  let other = 0;
  for (const ch of text) {
    if ((ch.codePointAt(0) ?? 0) >= 0x2e80) cjk += 1;
    else other += 1;
  }
  return cjk + Math.ceil(other / 4);
}
