/** The article formats the API writes, with how the console names them. */
export const ARTICLE_FORMATS = ['xiaohongshu', 'wechat', 'detail', 'script'] as const;
export type ArticleFormat = (typeof ARTICLE_FORMATS)[number];

/** The format names of the `articles.formats` catalogue (`useTranslations` or `createTranslator`). */
export type FormatNames = (key: ArticleFormat | 'other') => string;

export function isArticleFormat(format: string | null | undefined): format is ArticleFormat {
  return !!format && (ARTICLE_FORMATS as readonly string[]).includes(format);
}

/** A format's name in the page's language; an unknown format is just an article. */
export function formatLabel(format: string | null | undefined, names: FormatNames): string {
  return names(isArticleFormat(format) ? format : 'other');
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
