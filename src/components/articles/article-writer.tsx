'use client';

import { useRef } from 'react';
import { NoTemplatesYet, RecipeField } from '../fields/recipe-field';
import { SubmitBar } from '../fields/submit-bar';
import { Workbench } from '../fields/workbench';
import { ArticleInputs, articleOption } from './article-inputs';
import { FormatGlyph } from './article-result';
import { useArticleForm } from './use-article-form';
import { WrittenPanel } from './written-panel';

interface ArticleWriterProps {
  /** Credits per article, the running server's setting. */
  price: number;
  /** `?template=<slug>` of the address. */
  startTemplate: string | null;
}

export function ArticleWriter({ price, startTemplate }: ArticleWriterProps) {
  const results = useRef<HTMLElement>(null);
  const writer = useArticleForm({ startTemplate, results });
  const { form, submit, pending, credits } = writer;
  const chosen = writer.templates.chosen;

  return (
    <Workbench
      eyebrow="Articles"
      title="Write copy"
      description="Xiaohongshu notes, WeChat articles, product details and video scripts from a template, ready to copy and post."
      form={form}
      onSubmit={submit}
      busy={pending}
      results={<WrittenPanel ref={results} written={writer.written} pending={pending} format={chosen?.format ?? null} />}
    >
      <RecipeField
        name="template"
        noun="template"
        catalogue={writer.templates}
        options={writer.templates.rows.map(articleOption)}
        onChange={writer.choose}
        fallbackIcon={<FormatGlyph format={null} />}
        empty={<NoTemplatesYet kind="article" />}
      />

      {chosen && <ArticleInputs template={chosen} disabled={pending} submit={submit} />}

      <SubmitBar
        cost={price}
        credits={credits}
        pending={pending}
        label="Write"
        pendingLabel="Writing…"
        shortfall="Not enough credits to write; ask your operator for more."
        testIds={{ error: 'write-error', credits: 'articles-credits' }}
        disabled={writer.locked}
      />
    </Workbench>
  );
}
