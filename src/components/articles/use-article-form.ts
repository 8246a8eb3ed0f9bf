'use client';

import { useMemo, useRef, useState, type BaseSyntheticEvent, type RefObject } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslations } from 'next-intl';
import type { ArticleRequest } from '@/contracts/article';
import { trpc, type RouterOutputs } from '@/trpc/react';
import { useZodForm } from '@/components/ui/form';
import type { Draft } from '@/components/fields/fields-schema';
import { revealResults, useAddress, useChargedForm } from '@/components/fields/submission';
import { articleFieldName, articleSchema, findArticleTemplate } from './article-form';
import type { WrittenArticle } from './article-result';
import { ARTICLE_TEMPLATES_INPUT } from './reads';

export type ArticleTemplate = RouterOutputs['templates']['list']['templates'][number];

/** How many results of this visit stay on the page. */
const KEEP_RESULTS = 6;

interface ArticleFormOptions {
  startTemplate: string | null;
  /** The results, scrolled into view on submission where they sit below the form. */
  results: RefObject<HTMLElement | null>;
}

/** The article writer's state and submission: the templates, the form, and the copy written in this visit. */
export function useArticleForm({ startTemplate, results }: ArticleFormOptions) {
  const write = trpc.article.write.useMutation();
  const utils = trpc.useUtils();
  const templatesQuery = trpc.templates.list.useQuery(ARTICLE_TEMPLATES_INPUT, { staleTime: 60_000 });
  const templates = useMemo(
    () => (templatesQuery.data?.templates ?? []).filter((t) => t.active && t.type === 'article'),
    [templatesQuery.data],
  );

  const t = useTranslations('articles');
  const fields = useTranslations('fields.errors');
  const chooseTemplate = t('chooseTemplate');
  const schema = useMemo(
    () => articleSchema(templates, { chooseTemplate, fields }),
    [templates, chooseTemplate, fields],
  );
  const form = useZodForm(schema, { defaultValues: { template: startTemplate, drafts: {} }, mode: 'onSubmit' });
  const charged = useChargedForm(form);
  const asked = useWatch({ control: form.control, name: 'template' });
  const template = findArticleTemplate(templates, asked);

  const [written, setWritten] = useState<WrittenArticle[]>([]);
  const counter = useRef(0);

  // The address follows the choice, so a reload or a shared link opens the same template.
  useAddress(
    template || asked ? `/articles?template=${encodeURIComponent(template?.slug ?? asked ?? '')}` : '/articles',
  );

  async function send(body: ArticleRequest) {
    if (!template) return;
    revealResults(results);
    await charged.charge(
      async () => {
        const answer = await write.mutateAsync(body);
        const article: WrittenArticle = {
          id: `article-${++counter.current}`,
          templateSlug: answer.template_slug,
          templateName: template.zh_name,
          format: answer.format,
          title: answer.title,
          body: answer.body,
          ...(answer.hashtags ? { hashtags: answer.hashtags } : {}),
          credits: answer.credits,
          at: new Date(),
        };
        setWritten((all) => [article, ...all].slice(0, KEEP_RESULTS));
      },
      (path) => articleFieldName(path, template),
    );
    // Written or failed, the article is kept: the history shows it.
    void utils.article.history.invalidate();
  }

  const locked = !!template?.locked;

  function submit(e?: BaseSyntheticEvent) {
    charged.submit(e, send, write.isPending || locked);
  }

  function choose(slug: string) {
    form.setValue('template', slug);
    // A refusal was about the template it was given.
    form.clearErrors();
  }

  /** "Write again": the template and input of a kept article, back in the form. */
  function writeAgain(from: ArticleAgain) {
    form.setValue('template', from.template_slug);
    if (from.input !== null) form.setValue(`drafts.${from.template_slug}`, draftOf(from.input));
    form.clearErrors();
  }

  return {
    form,
    submit,
    choose,
    writeAgain,
    templates: { query: templatesQuery, rows: templates, chosen: template, asked },
    locked,
    credits: charged.credits,
    pending: write.isPending,
    written,
  };
}

export type ArticleForm = ReturnType<typeof useArticleForm>;

/** What "write again" takes from a kept article. */
export interface ArticleAgain {
  template_slug: string;
  input: string | Record<string, string | number | boolean> | null;
}

/** A kept input as the form's draft: the one sentence, or the form's values as text. */
export function draftOf(input: string | Record<string, string | number | boolean>): Draft {
  if (typeof input === 'string') return { sentence: input };
  return { values: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])) };
}
