'use client';

import Link from 'next/link';
import { useId } from 'react';
import type { ConversionAnswer } from '@/contracts/image-template';
import { ArrowRightIcon } from '../icons';
import { Button, buttonClasses } from '../ui/button';
import { FieldBlock, Form, FormRootError } from '../ui/form';
import { Input } from '../ui/input';
import { Spinner } from '../ui/spinner';
import type { Draft } from './draft';
import { useCreateTemplateForm } from './use-create-template-form';

const TEXT = {
  title: 'Create the template',
  description: 'The template takes the prompt and fields above, with this image as its sample and default reference image. Creating it costs nothing.',
  name: 'Template name',
  slug: 'Slug',
  slugHelp: 'Optional: the template’s address in the API; one is made when left empty.',
  category: 'Category',
  optional: 'Optional',
  create: 'Create template',
  creating: 'Creating…',
  blocked: (problem: string) => `The draft cannot become a template yet: ${problem}.`,
  done: (name: string) => `Template “${name}” was created.`,
  open: 'Open in the template editor',
} as const;

interface CreateTemplateFormProps {
  answer: ConversionAnswer;
  imageUrl: string;
  draft: Draft;
}

/** Name, slug and category of the template made from the draft; then the way to its editor. */
export function CreateTemplateForm({ answer, imageUrl, draft }: CreateTemplateFormProps) {
  const titleId = useId();
  const { form, submit, pending, created } = useCreateTemplateForm(answer, imageUrl, draft);

  if (created) {
    return (
      <div className="space-y-3 rounded-xl bg-emerald-50 px-4 py-4 ring-1 ring-emerald-200" role="status" data-testid="template-created">
        <p className="text-sm font-medium break-words text-emerald-900">{TEXT.done(created.zh_name)}</p>
        <Link href={`/templates/${created.id}`} className={buttonClasses('primary', 'md', 'w-full sm:w-auto')}>
          {TEXT.open}
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
            {TEXT.title}
          </h3>
          <p className="mt-1 text-sm text-slate-500">{TEXT.description}</p>
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <FieldBlock control={form.control} name="zh_name" label={TEXT.name}>
            {(field) => <Input {...field} />}
          </FieldBlock>
          <FieldBlock control={form.control} name="slug" label={TEXT.slug} description={TEXT.slugHelp}>
            {(field) => <Input {...field} autoCapitalize="none" spellCheck={false} />}
          </FieldBlock>
          <FieldBlock control={form.control} name="category" label={TEXT.category} aside={<span className="text-xs text-slate-400">{TEXT.optional}</span>}>
            {(field) => <Input {...field} />}
          </FieldBlock>
        </div>
        {draft.problem && <p className="text-sm text-rose-700">{TEXT.blocked(draft.problem)}</p>}
        <FormRootError />
        <Button type="submit" disabled={pending || draft.problem !== null} className="w-full sm:w-auto">
          {pending && <Spinner />}
          {pending ? TEXT.creating : TEXT.create}
        </Button>
      </form>
    </Form>
  );
}
