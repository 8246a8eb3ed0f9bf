'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import type { ConversionAnswer } from '@/contracts/image-template';
import { isSupportedRatio } from '@/contracts/ratios';
import { slugSchema } from '@/contracts/common';
import { trpc } from '@/trpc/react';
import { filled, worded } from '@/components/console/form-rules';
import { useZodForm } from '@/components/ui/form';
import { useApplyServerError } from '@/components/console/use-error-text';
import type { Draft } from './draft';

/** The form's rules, their messages from the `imageTemplate.create` catalogue. */
export const createTemplateFormSchema = (t: ReturnType<typeof useTranslations<'imageTemplate.create'>>) =>
  z.object({
    zh_name: filled(t('noName')).max(100, t('longName', { max: 100 })),
    slug: z.union([z.literal(''), worded(slugSchema, { invalid_format: t('slugRule') })]),
    category: z
      .string()
      .trim()
      .max(50, t('longCategory', { max: 50 })),
  });

export interface CreatedTemplate {
  id: string;
  zh_name: string;
  slug: string;
}

/**
 * Creates the template from the draft the user shaped (through `templates.create`, as
 * `POST /api/templates`): the prompt and fields as previewed, the uploaded image as its sample and
 * default reference image. Nothing is converted again, so nothing more is charged.
 */
export function useCreateTemplateForm(answer: ConversionAnswer, imageUrl: string, draft: Draft) {
  const t = useTranslations('imageTemplate.create');
  const schema = useMemo(() => createTemplateFormSchema(t), [t]);
  const utils = trpc.useUtils();
  const create = trpc.templates.create.useMutation();
  const applyServerError = useApplyServerError();
  const [created, setCreated] = useState<CreatedTemplate | null>(null);
  const form = useZodForm(schema, {
    defaultValues: { zh_name: answer.zh_name.slice(0, 100), slug: '', category: answer.image_category.slice(0, 50) },
  });

  const submit = form.handleSubmit(async ({ zh_name, slug, category }) => {
    try {
      const out = await create.mutateAsync({
        type: 'image',
        zh_name,
        ...(slug ? { slug } : {}),
        category,
        description: answer.description.slice(0, 500),
        ratio: isSupportedRatio(answer.ratio) ? answer.ratio : null,
        sample_images: [imageUrl],
        prompt_template: draft.prompt_template,
        fields: draft.fields,
        generation_configs: [{ default_reference_images: [imageUrl] }],
      });
      setCreated({ id: out.template.id, zh_name: out.template.zh_name, slug: out.template.slug });
      void utils.templates.list.invalidate();
    } catch (error) {
      applyServerError(form, error, (path) =>
        path[0] === 'zh_name' || path[0] === 'slug' || path[0] === 'category' ? path[0] : null,
      );
    }
  });

  return { form, submit, pending: create.isPending, created };
}
