'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import type { ConversionAnswer } from '@/contracts/image-template';
import { ArrowRightIcon } from '@/components/icons';
import { Button, buttonClasses } from '@/components/ui/button';
import { FieldBlock, Form, FormRootError } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import type { Draft } from './draft';
import { useCreateTemplateForm } from './use-create-template-form';

interface CreateTemplateFormProps {
  answer: ConversionAnswer;
  imageUrl: string;
  draft: Draft;
}

/** Name, slug and category of the template made from the draft; then the way to its editor. */
export function CreateTemplateForm({ answer, imageUrl, draft }: CreateTemplateFormProps) {
  const t = useTranslations('imageTemplate');
  const titleId = useId();
  const { form, submit, pending, created } = useCreateTemplateForm(answer, imageUrl, draft);

  if (created) {
    return (
      <div
        className="space-y-3 rounded-xl bg-emerald-50 px-4 py-4 ring-1 ring-emerald-200"
        role="status"
        data-testid="template-created"
      >
        <p className="text-sm font-medium break-words text-emerald-900">
          {t('create.done', { name: created.zh_name })}
        </p>
        <Link href={`/templates/${created.id}`} className={buttonClasses('primary', 'md', 'w-full sm:w-auto')}>
          {t('create.open')}
          <ArrowRightIcon className="size-4" />
        </Link>
      </div>
    );
  }

  return (
    <Form {...form}>
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4" aria-labelledby={titleId}>
        <div>
          <h3 id={titleId} className="text-base font-semibold text-slate-900">
            {t('create.title')}
          </h3>
          <p className="mt-1 text-sm text-slate-500">{t('create.description')}</p>
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <FieldBlock control={form.control} name="zh_name" label={t('create.name')}>
            {(field) => <Input {...field} />}
          </FieldBlock>
          <FieldBlock control={form.control} name="slug" label={t('create.slug')} description={t('create.slugHelp')}>
            {(field) => <Input {...field} autoCapitalize="none" spellCheck={false} />}
          </FieldBlock>
          <FieldBlock
            control={form.control}
            name="category"
            label={t('create.category')}
            aside={<span className="text-xs text-slate-500">{t('create.optional')}</span>}
          >
            {(field) => <Input {...field} />}
          </FieldBlock>
        </div>
        {draft.problem && (
          <p className="text-sm text-rose-700">
            {t('create.blocked', {
              problem:
                draft.problem.kind === 'longLabel'
                  ? t('draft.longLabel', { start: draft.problem.start, max: draft.problem.max })
                  : draft.problem.text,
            })}
          </p>
        )}
        <FormRootError />
        <Button type="submit" disabled={pending || draft.problem !== null} className="w-full sm:w-auto">
          {pending && <Spinner />}
          {pending ? t('create.creating') : t('create.create')}
        </Button>
      </form>
    </Form>
  );
}
