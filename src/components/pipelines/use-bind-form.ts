'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { trpc, type RouterOutputs } from '@/trpc/react';
import { useZodForm } from '@/components/ui/form';
import { useApplyServerError } from '@/components/console/use-error-text';
import { checkOnSubmit, useClearRefusalOnEdit } from '@/components/console/form-rules';
import { pipelineForms } from './pipeline-forms';
import type { Catalog, HookType } from './options';

type Pipeline = RouterOutputs['pipelines']['list']['hooks'][number];

/** What the form says after a binding was saved. */
export interface BindDone {
  created: boolean;
  image: string;
  target: string;
}

/**
 * The bind form. Binding again for the same image template and type replaces the earlier binding,
 * so the form finds that binding (`existing`) to say so before anything is sent.
 */
export function useBindForm(catalog: Catalog, hooks: Pipeline[]) {
  const utils = trpc.useUtils();
  const bind = trpc.pipelines.bind.useMutation();
  const applyServerError = useApplyServerError();
  const errors = useTranslations('pipelines.form');
  const { bindFormSchema } = useMemo(() => pipelineForms(errors), [errors]);
  const form = useZodForm(bindFormSchema, {
    ...checkOnSubmit,
    defaultValues: { image_template_slug: '', hook_type: 'article', hook_template_slug: '', enabled: null, note: '' },
  });
  const [done, setDone] = useState<BindDone | null>(null);
  useClearRefusalOnEdit(form);

  const [image, type] = useWatch({ control: form.control, name: ['image_template_slug', 'hook_type'] });
  const existing = hooks.find((h) => h.image_template_slug === image && h.hook_type === type);
  const nameOf = (store: 'image' | HookType, slug: string) => catalog[store].find((t) => t.slug === slug)?.name ?? slug;

  const submit = form.handleSubmit(async ({ enabled, note, ...binding }) => {
    try {
      const answer = await bind.mutateAsync({
        ...binding,
        // Untouched, the switch keeps an existing binding's state.
        ...(enabled !== null ? { enabled } : existing ? {} : { enabled: true }),
        ...(note ? { note } : {}),
      });
      setDone({
        created: answer.created,
        image: nameOf('image', binding.image_template_slug),
        target: nameOf(binding.hook_type, binding.hook_template_slug),
      });
      form.setValue('note', '');
      form.setValue('enabled', null);
      await utils.pipelines.list.invalidate();
    } catch (error) {
      applyServerError(form, error);
    }
  });

  /** Another template or type was picked: what was said about the last binding no longer applies. */
  const picked = () => setDone(null);

  const chooseType = (next: HookType) => {
    form.setValue('hook_type', next);
    form.setValue('hook_template_slug', '');
    form.clearErrors('hook_template_slug');
    picked();
  };

  return { form, submit, pending: bind.isPending, done, picked, chooseType, existing, nameOf };
}
