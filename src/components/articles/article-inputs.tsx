'use client';

import { LockIcon } from '../icons';
import { isForm } from '../fields/field-model';
import { FieldsForm, SentenceField } from '../fields/fields-form';
import type { RecipeOption } from '../fields/recipe-picker';
import { InputKindBadge } from '../skills/skill-badges';
import { FormatBadge, FormatGlyph } from './article-result';
import { FORMAT_HINT, formatLabel, isArticleFormat } from './formats';
import type { ArticleTemplate } from './use-article-form';

/** A template in the picker: its format, kind of input and what the format is for. */
export function articleOption(t: ArticleTemplate): RecipeOption {
  const format = isArticleFormat(t.format) ? t.format : null;
  return {
    value: t.slug,
    name: t.zh_name,
    description: t.description,
    keywords: [t.category, t.domain, t.format ?? '', formatLabel(t.format)].join(' '),
    group: t.source === 'mine' ? 'Your templates' : 'Platform templates',
    locked: t.locked,
    lockedReason: 'Comes with a claim code',
    icon: <FormatGlyph format={t.format} />,
    meta: (
      <>
        <FormatBadge format={t.format} />
        {t.fields && <InputKindBadge fields={t.fields} />}
        {format && <span className="text-xs text-slate-500">{FORMAT_HINT[format]}</span>}
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
  if (template.locked) {
    return (
      <div className="flex gap-2.5 rounded-lg bg-amber-50 px-3 py-2.5 text-xs leading-5 text-amber-900 ring-1 ring-amber-200 ring-inset">
        <LockIcon className="mt-0.5 size-4 shrink-0" />
        <div>
          <p className="font-medium">This template comes with a claim code.</p>
          <p className="mt-0.5">Its form opens once your workspace redeems a claim code that includes it.</p>
        </div>
      </div>
    );
  }
  // Keyed: each template's inputs are their own fields of the form, even where two share a key.
  return isForm(template.fields) ? (
    <FieldsForm key={template.slug} draftKey={template.slug} fields={template.fields} disabled={disabled} onSubmitShortcut={submit} />
  ) : (
    <SentenceField
      key={template.slug}
      draftKey={template.slug}
      label="Your sentence"
      required
      disabled={disabled}
      onSubmitShortcut={submit}
      placeholder="What should it be about? e.g. 上班族的 10 分钟早餐"
      hint="One sentence is enough: the template does the rest. Press Ctrl+Enter to write."
    />
  );
}
