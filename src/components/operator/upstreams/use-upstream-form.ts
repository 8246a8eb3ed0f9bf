'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { applyServerError, useZodForm, type ServerIssue } from '@/components/ui/form';
import { trpc } from '@/trpc/react';
import type { Upstream } from './upstreams';
import {
  channelBodyOf,
  channelFormSchema,
  channelValuesOf,
  emptyUpstreamValues,
  knownModelsOf,
  OTHER,
  type UpstreamFormValues,
} from './upstream-form';

const TOP_FIELDS: readonly string[] = ['name', 'provider', 'adapter', 'api_key', 'soft_timeout_ms', 'enabled'];
const MODEL_FIELDS: readonly string[] = ['family', 'model', 'media', 'cost_usd'];

/**
 * Where a refusal of the upsert body belongs in the form. The body's models are the ticked known ones
 * (`knownCount` of them) followed by the ones added field by field, so `models.3.capabilities.duration`
 * lands on the duration of the second added model when two are ticked. The address lands on the
 * region choice unless the operator typed it.
 */
export function formPathOf(
  path: ServerIssue['path'],
  { knownCount, typedAddress }: { knownCount: number; typedAddress: boolean },
): string | null {
  const [head, index, field, key] = path;
  if (head === 'base_url') return typedAddress ? 'base_url' : 'base_choice';
  if (typeof head === 'string' && TOP_FIELDS.includes(head)) return head;
  if (head !== 'models') return null;
  if (typeof index !== 'number') return 'drafts';
  if (index < knownCount) return 'known';
  const draft = `drafts.${index - knownCount}`;
  if (typeof field === 'string' && MODEL_FIELDS.includes(field)) return `${draft}.${field}`;
  if (field === 'capabilities' && typeof key === 'string') return `${draft}.caps.${key}`;
  return `${draft}.family`;
}

/**
 * The channel editor's state: the form, and saving through `admin.upstreamUpsert`. Every refusal of
 * the server lands on its own field, down to one capability of one model.
 */
export function useUpstreamForm({ channel, onSaved }: { channel?: Upstream; onSaved: (u: Upstream) => void }) {
  const errors = useTranslations('operatorUpstreams.errors');
  const schema = useMemo(() => channelFormSchema(errors), [errors]);
  const form = useZodForm(schema, { defaultValues: channel ? channelValuesOf(channel) : emptyUpstreamValues() });
  const utils = trpc.useUtils();
  const upsert = trpc.admin.upstreamUpsert.useMutation({ onSuccess: () => utils.admin.upstreamList.invalidate() });
  const [preset, adapter] = form.watch(['preset', 'adapter']);
  const known = useMemo(() => knownModelsOf(preset, adapter, !!channel), [preset, adapter, channel]);

  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await upsert.mutateAsync(channelBodyOf(values, known));
      onSaved(answer.upstream);
    } catch (error) {
      const where = { knownCount: values.known.length, typedAddress: values.base_choice === OTHER };
      applyServerError(form, error, (path) => formPathOf(path, where) as keyof UpstreamFormValues | null);
    }
  });

  return { form, creating: !channel, submit, pending: upsert.isPending, known };
}
