'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { fieldSpecs, newField } from '@/components/editor/fields-form';
import { useClearRefusalOnChange } from '@/components/editor/form-hooks';
import { countErrors, inputAt } from '@/components/editor/form-rules';
import { useSlotInsertion } from '@/components/editor/insert-slot';
import { applyServerError, useZodForm } from '@/components/ui/form';
import { trpc } from '@/trpc/react';
import { slotReport, type OperatorSkill, type SkillUpsert } from './model';
import { emptySkillValues, skillFormSchema, skillValuesOf } from './skill-form';

export interface UseSkillFormOptions {
  /** The skill being edited; absent to create one. */
  skill?: OperatorSkill;
  /** Studio's public address: thumbnails under it are stored as site paths. */
  siteBase: string;
  /** Saving would turn a catalogue skill into an operator one and the operator has not agreed yet. */
  warnOwnership: boolean;
  onAcknowledge: () => void;
  onSaved: (skill: OperatorSkill) => void;
}

/**
 * The skill editor's state: the form (checked with `skillUpsertSchema`), its fields and prompt
 * slots, and saving through `admin.skillUpsert`, after a confirmation when a catalogue skill would
 * become operator-owned.
 */
export function useSkillForm({ skill, siteBase, warnOwnership, onAcknowledge, onSaved }: UseSkillFormOptions) {
  const creating = !skill;
  const errors = useTranslations('operator.skills.errors');
  const schema = useMemo(() => skillFormSchema(errors, creating), [errors, creating]);
  // Named once a save was tried, then as they are fixed (as in the template editor).
  const form = useZodForm(schema, {
    mode: 'onSubmit',
    defaultValues: skill ? skillValuesOf(skill, siteBase) : emptySkillValues(),
  });
  const fields = useFieldArray({ control: form.control, name: 'fields' });
  const [prompt, sentence, drafts] = useWatch({ control: form.control, name: ['prompt', 'sentence', 'fields'] });
  const specs = useMemo(() => fieldSpecs(drafts), [drafts]);
  const upsert = trpc.admin.skillUpsert.useMutation();
  /** A checked body waiting for the operator to agree to the change of ownership. */
  const [confirming, setConfirming] = useState<SkillUpsert | null>(null);
  useClearRefusalOnChange(form);

  const slots = useSlotInsertion(
    () => form.getValues('prompt'),
    (value) => form.setValue('prompt', value, { shouldDirty: true, shouldValidate: true }),
  );

  function addField() {
    const current = form.getValues('fields');
    fields.append(newField(current), { focusName: `fields.${current.length}.key` });
  }

  /** One sentence on hides the fields (kept for switching back); off starts a form with one field. */
  function setSentence(next: boolean) {
    form.setValue('sentence', next, { shouldDirty: true });
    if (next) form.clearErrors('fields');
    else if (form.getValues('fields').length === 0) addField();
  }

  async function save(body: SkillUpsert) {
    try {
      const answer = await upsert.mutateAsync(body);
      setConfirming(null);
      onSaved(answer.skill);
    } catch (error) {
      setConfirming(null);
      applyServerError(form, error, (path) => inputAt(form.getValues(), path));
    }
  }

  const submit = form.handleSubmit(async (body) => {
    if (warnOwnership) setConfirming(body);
    else await save(body);
  });

  return {
    form,
    creating,
    sentence,
    report: slotReport(prompt, sentence ? null : specs),
    fields,
    addField,
    setSentence,
    slots,
    submit,
    pending: upsert.isPending,
    problems: form.formState.isSubmitted ? countErrors(form.formState.errors) : 0,
    /** The question before a catalogue skill becomes operator-owned, as ConfirmDialog takes it. */
    ownership: {
      open: confirming !== null,
      busy: upsert.isPending,
      onConfirm: () => {
        if (!confirming) return;
        onAcknowledge();
        void save(confirming);
      },
      onCancel: () => setConfirming(null),
    },
  };
}

export type SkillFormState = ReturnType<typeof useSkillForm>;
