'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { applyServerError, serverIssues, useZodForm } from '@/components/ui/form';
import { trpc } from '@/trpc/react';
import type { Upstream } from './upstreams';
import {
  channelBodyOf,
  channelFormSchema,
  channelValuesOf,
  emptyUpstreamValues,
  type UpstreamFormValues,
} from './upstream-form';

const TOP_FIELDS: readonly string[] = [
  'name',
  'provider',
  'adapter',
  'base_url',
  'api_key',
  'soft_timeout_ms',
  'enabled',
  'models',
];

/** `models[0].media[1]` for the part of the models list an issue names. */
const subPath = (path: readonly (string | number)[]) =>
  path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('');

/**
 * The channel editor's state: the form, and saving through `admin.upstreamUpsert`. The server's
 * refusals land on their fields; one inside the models list lands on the models field, naming the part.
 */
export function useUpstreamForm({ channel, onSaved }: { channel?: Upstream; onSaved: (u: Upstream) => void }) {
  const errors = useTranslations('operatorUpstreams.errors');
  const schema = useMemo(() => channelFormSchema(errors), [errors]);
  const form = useZodForm(schema, { defaultValues: channel ? channelValuesOf(channel) : emptyUpstreamValues() });
  const utils = trpc.useUtils();
  const upsert = trpc.admin.upstreamUpsert.useMutation({ onSuccess: () => utils.admin.upstreamList.invalidate() });

  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await upsert.mutateAsync(channelBodyOf(values));
      onSaved(answer.upstream);
    } catch (error) {
      const issues = serverIssues(error);
      const inModels = issues.filter((i) => i.path[0] === 'models' && i.path.length > 1);
      if (inModels.length > 0) {
        form.setError('models', {
          type: 'server',
          message: inModels.map((i) => `models${subPath(i.path.slice(1))}: ${i.message}`).join('\n'),
        });
      }
      applyServerError(form, error, (path) => {
        const head = path[0];
        if (typeof head !== 'string' || !TOP_FIELDS.includes(head) || (head === 'models' && path.length > 1))
          return null;
        return head as keyof UpstreamFormValues;
      });
      if (inModels.length > 0 && inModels.length === issues.length) form.clearErrors('root.server');
    }
  });

  return { form, creating: !channel, submit, pending: upsert.isPending };
}
