'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import type { FieldPath } from 'react-hook-form';
import { trpc } from '@/trpc/react';
import { useZodForm, type ServerIssue } from '@/components/ui/form';
import { useApplyServerError } from '@/components/console/use-error-text';
import { checkOnSubmit, useClearRefusalOnEdit } from '@/components/console/form-rules';
import { claimFormSchema, type ClaimFormValues } from './claim-forms';
import type { CreatedBatch, CreatedClaim } from './model';

/** A refused template id (`template_ids[2]`) belongs to the picker as a whole. */
function fieldOf([first]: ServerIssue['path']): FieldPath<ClaimFormValues> | null {
  return first === 'template_ids' ||
    first === 'credits' ||
    first === 'count' ||
    first === 'note' ||
    first === 'tutorial_pdf_url' ||
    first === 'tutorial_pdf_title'
    ? first
    : null;
}

/**
 * The new-claim form: templates, credits, how many codes, a note and an optional tutorial PDF, and
 * sending them: one code, or a batch of codes made in one go.
 */
export function useCreateClaimForm(
  onCreated: (claim: CreatedClaim) => Promise<void>,
  onBatch: (batch: CreatedBatch) => Promise<void>,
) {
  const create = trpc.claims.create.useMutation();
  const createBatch = trpc.claims.createBatch.useMutation();
  const applyServerError = useApplyServerError();
  const t = useTranslations('claimCodes.forms');
  const schema = useMemo(() => claimFormSchema(t), [t]);
  const form = useZodForm(schema, {
    ...checkOnSubmit,
    defaultValues: { template_ids: [], credits: '', count: '', note: '', tutorial_pdf_url: '', tutorial_pdf_title: '' },
  });
  useClearRefusalOnEdit(form);

  const submit = form.handleSubmit(async ({ count, ...body }) => {
    try {
      if (count > 1) {
        const batch = await createBatch.mutateAsync({ ...body, count });
        form.setValue('note', '');
        await onBatch(batch);
        return;
      }
      const claim = await create.mutateAsync(body);
      // The picks stay for the next code (one code per order is common); the note is per code.
      form.setValue('note', '');
      await onCreated(claim);
    } catch (error) {
      applyServerError(form, error, fieldOf);
    }
  });

  return { form, submit, pending: create.isPending || createBatch.isPending };
}
