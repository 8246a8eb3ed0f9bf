'use client';

import { useRef } from 'react';
import { useTranslations } from 'next-intl';
import { usePersonalAccount } from '@/components/console/personal-account';
import { NoTemplatesYet, RecipeField } from '@/components/fields/recipe-field';
import { SubmitBar } from '@/components/fields/submit-bar';
import { Workbench } from '@/components/fields/workbench';
import { ArticleInputs, articleOption, useArticleOptionWords } from './article-inputs';
import { ArticleHistory } from './article-history';
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
  const t = useTranslations('articles');
  const personal = usePersonalAccount();
  const words = useArticleOptionWords();
  const results = useRef<HTMLElement>(null);
  const writer = useArticleForm({ startTemplate, results });
  const { form, submit, pending, credits } = writer;
  const chosen = writer.templates.chosen;

  return (
    <div className="space-y-10">
      <Workbench
        eyebrow={t('eyebrow')}
        title={t('title')}
        description={t('description')}
        form={form}
        onSubmit={submit}
        busy={pending}
        results={
          <WrittenPanel ref={results} written={writer.written} pending={pending} format={chosen?.format ?? null} />
        }
      >
        <RecipeField
          name="template"
          noun="template"
          catalogue={writer.templates}
          options={writer.templates.rows.map((row) => articleOption(row, words))}
          onChange={writer.choose}
          fallbackIcon={<FormatGlyph format={null} />}
          empty={<NoTemplatesYet kind="article" />}
        />

        {chosen && <ArticleInputs template={chosen} disabled={pending} submit={submit} />}

        <SubmitBar
          cost={price}
          credits={credits}
          pending={pending}
          label={t('write')}
          pendingLabel={t('writing')}
          shortfall={t(personal ? 'shortfallPersonal' : 'shortfall')}
          testIds={{ error: 'write-error', credits: 'articles-credits' }}
          disabled={writer.locked}
        />
      </Workbench>
      <ArticleHistory templates={writer.templates.rows} onWriteAgain={writer.writeAgain} />
    </div>
  );
}
