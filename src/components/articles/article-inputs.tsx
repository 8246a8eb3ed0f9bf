'use client';

import { useTranslations } from 'next-intl';
import { LockIcon } from '@/components/icons';
import { isForm } from '@/components/fields/field-model';
import { FieldsForm, SentenceField } from '@/components/fields/fields-form';
import type { RecipeOption } from '@/components/fields/recipe-picker';
import { InputKindBadge } from '@/components/skills/skill-badges';
import { FormatBadge, FormatGlyph } from './article-result';
import { formatLabel, isArticleFormat, type ArticleFormat, type FormatNames } from './formats';
import type { ArticleTemplate } from './use-article-form';
import { ShortcutHint } from '@/components/fields/shortcut-hint';

/** What the template picker says, from the `articles` catalogue. */
export interface ArticleOptionWords {
  formats: FormatNames;
  hints: (format: ArticleFormat) => string;
  mine: string;
  platform: string;
  lockedReason: string;
}

/** The words of the template picker in the page's language. */
export function useArticleOptionWords(): ArticleOptionWords {
  const t = useTranslations('articles');
  return {
    formats: (key) => t(`formats.${key}`),
    hints: (format) => t(`hints.${format}`),
    mine: t('picker.mine'),
    platform: t('picker.platform'),
    lockedReason: t('picker.lockedReason'),
  };
}

/** A template in the picker: its format, kind of input and what the format is for. */
export function articleOption(t: ArticleTemplate, words: ArticleOptionWords): RecipeOption {
  const format = isArticleFormat(t.format) ? t.format : null;
  return {
    value: t.slug,
    name: t.zh_name,
    description: t.description,
    keywords: [t.category, t.domain, t.format ?? '', formatLabel(t.format, words.formats)].join(' '),
    group: t.source === 'mine' ? words.mine : words.platform,
    locked: t.locked,
    lockedReason: words.lockedReason,
    icon: <FormatGlyph format={t.format} />,
    meta: (
      <>
        <FormatBadge format={t.format} />
        {t.fields && <InputKindBadge fields={t.fields} />}
        {format && <span className="text-xs text-slate-500">{words.hints(format)}</span>}
      </>
    ),
  };
}

interface ArticleInputsProps {
  template: ArticleTemplate;
  disabled: boolean;
  submit: () => void;
}

/** What the chosen template asks for: its generated form or one sentence; nothing while it is locked. */
export function ArticleInputs({ template, disabled, submit }: ArticleInputsProps) {
  const t = useTranslations('articles');
  if (template.locked) {
    return (
      <div className="flex gap-2.5 rounded-lg bg-amber-50 px-3 py-2.5 text-xs leading-5 text-amber-900 ring-1 ring-amber-200 ring-inset">
        <LockIcon className="mt-0.5 size-4 shrink-0" />
        <div>
          <p className="font-medium">{t('locked.title')}</p>
          <p className="mt-0.5">{t('locked.body')}</p>
        </div>
      </div>
    );
  }
  // Keyed: each template's inputs are their own fields of the form, even where two share a key.
  return isForm(template.fields) ? (
    <FieldsForm
      key={template.slug}
      draftKey={template.slug}
      fields={template.fields}
      disabled={disabled}
      onSubmitShortcut={submit}
    />
  ) : (
    <SentenceField
      key={template.slug}
      draftKey={template.slug}
      label={t('sentence.label')}
      required
      disabled={disabled}
      onSubmitShortcut={submit}
      placeholder={t('sentence.placeholder')}
      hint={
        <>
          {t('sentence.hint')}
          <ShortcutHint action="write" />
        </>
      }
    />
  );
}
