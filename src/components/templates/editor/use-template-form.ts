'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useMemo, useState } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { trpc } from '@/trpc/react';
import { applyServerError, useZodForm } from '@/components/ui/form';
import { fieldSpecs, newField } from '@/components/editor/fields-form';
import { contractGaps } from '@/components/editor/fill';
import { useClearRefusalOnChange, useLeaveWarning } from '@/components/editor/form-hooks';
import { countErrors } from '@/components/editor/form-rules';
import { useSlotInsertion } from '@/components/editor/insert-slot';
import { storeHref, type AnyTemplate, type TemplateKind } from '@/components/templates/model';
import {
  emptyTemplateValues,
  inputOfBodyPath,
  switchedKind,
  templateFormSchema,
  templateValuesOf,
  type TemplateFormOutput,
} from './template-form';

/** The inputs a change of kind replaces (the rest are kept). */
const KIND_INPUTS = [
  'kind',
  'domain',
  'ratio',
  'template_type',
  'format',
  'sample_images',
  'sample_cover_image',
  'sample_video_url',
  'generation_configs',
] as const;

/**
 * The template editor's state: the form (checked with the API's contract), its fields, the prompt's
 * slots, and saving (create, or update without touching activation, which has its own button).
 */
export function useTemplateForm({ template, kind: initialKind }: { template?: AnyTemplate; kind: TemplateKind }) {
  const creating = !template;
  const router = useRouter();
  const utils = trpc.useUtils();
  const words = useTranslations('templates.rules');
  const [schema] = useState(() => templateFormSchema(creating, words));
  // Problems are named once a save was tried, then as they are fixed: checking on blur would also
  // flag the blanks of a field just added, and a message vanishing under the pointer moves the page.
  const form = useZodForm(schema, {
    mode: 'onSubmit',
    defaultValues: template ? templateValuesOf(template) : emptyTemplateValues(initialKind),
  });
  const fields = useFieldArray({ control: form.control, name: 'fields' });
  const [kind, prompt, drafts] = useWatch({ control: form.control, name: ['kind', 'prompt_template', 'fields'] });
  const specs = useMemo(() => fieldSpecs(drafts), [drafts]);

  const create = trpc.templates.create.useMutation();
  const update = trpc.templates.update.useMutation();
  const createVideo = trpc.templates.createVideo.useMutation();
  const updateVideo = trpc.templates.updateVideo.useMutation();
  const pending = create.isPending || update.isPending || createVideo.isPending || updateVideo.isPending;

  const { isDirty, isSubmitted, errors } = form.formState;
  useLeaveWarning(isDirty && !pending);
  useClearRefusalOnChange(form);

  const slots = useSlotInsertion(
    () => form.getValues('prompt_template'),
    (value) => form.setValue('prompt_template', value, { shouldDirty: true, shouldValidate: true }),
  );

  function addField(key?: string) {
    const current = form.getValues('fields');
    fields.append(newField(current, key), { focusName: `fields.${current.length}.key` });
  }

  function switchKind(next: TemplateKind) {
    const values = switchedKind(form.getValues(), next);
    for (const name of KIND_INPUTS) form.setValue(name, values[name], { shouldDirty: true });
    form.clearErrors();
  }

  const invalidate = () => Promise.all([utils.templates.list.invalidate(), utils.templates.listVideo.invalidate()]);

  async function save(out: TemplateFormOutput) {
    if (!template) {
      const answer =
        out.kind === 'video'
          ? await createVideo.mutateAsync({ slug: out.slug, ...out.body })
          : await create.mutateAsync({ type: out.kind, slug: out.slug, ...out.body });
      await invalidate();
      router.push(`${storeHref(out.kind, 'mine')}&created=${encodeURIComponent(answer.template.slug)}`);
      return;
    }
    // Activation has its own button (with a confirmation); a save never changes it.
    if (out.kind === 'video') {
      const { active: _active, ...body } = out.body;
      await updateVideo.mutateAsync({ id: template.id, ...body });
    } else {
      const { active: _active, ...body } = out.body;
      await update.mutateAsync({ id: template.id, ...body });
    }
    form.reset(form.getValues());
    await invalidate();
  }

  const submit = form.handleSubmit(async (out) => {
    try {
      await save(out);
    } catch (error) {
      applyServerError(form, error, (path) => inputOfBodyPath(form.getValues(), path));
    }
  });

  return {
    form,
    creating,
    kind,
    prompt,
    specs,
    gaps: contractGaps(prompt, specs),
    fields,
    addField,
    switchKind,
    slots,
    submit,
    pending,
    status: {
      problems: isSubmitted ? countErrors(errors) : 0,
      saved: !creating && (update.isSuccess || updateVideo.isSuccess) && !isDirty,
      dirty: isDirty,
    },
  };
}

export type TemplateFormState = ReturnType<typeof useTemplateForm>;
