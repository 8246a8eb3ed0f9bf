/** The article formats the API writes, with how the console names them. */
export const ARTICLE_FORMATS = ['xiaohongshu', 'wechat', 'detail', 'script'] as const;
export type ArticleFormat = (typeof ARTICLE_FORMATS)[number];

export const FORMAT_LABEL: Record<ArticleFormat, string> = {
  xiaohongshu: 'Xiaohongshu note',
  wechat: 'WeChat article',
  detail: 'Product detail',
  script: 'Video script',
};

/** What each format answers: only Xiaohongshu notes carry hashtags. */
export const FORMAT_HINT: Record<ArticleFormat, string> = {
  xiaohongshu: 'Title, body and hashtags',
  wechat: 'Title and a structured body',
  detail: 'Title and selling points',
  script: 'Title and a voice-over script',
};

export function isArticleFormat(format: string | null | undefined): format is ArticleFormat {
  return !!format && (ARTICLE_FORMATS as readonly string[]).includes(format);
}

export function formatLabel(format: string | null | undefined): string {
  return isArticleFormat(format) ? FORMAT_LABEL[format] : 'Article';
}

/**
 * Everything a result holds as one text, for "Copy all": the title, the body, then the hashtags
 * on one line when there are any.
 */
export function articleText(a: { title: string; body: string; hashtags?: readonly string[] | null }): string {
  const parts = [a.title.trim(), a.body.trim()];
  if (a.hashtags && a.hashtags.length > 0) parts.push(a.hashtags.join(' '));
  return parts.filter(Boolean).join('\n\n');
}
