'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { CodeIcon } from '@/components/icons';
import { RequestSnippetTabs } from '@/components/snippets/request-snippet-tabs';
import { Button } from '@/components/ui/button';
import type { PlaygroundForm } from './use-playground-form';

/**
 * "Show as API call": the form as it stands, as the `POST /api/generate` call a program would make,
 * built by the same schema the Generate button submits with, so the two cannot differ.
 */
export function ApiCall({ playground, baseUrl }: { playground: PlaygroundForm; baseUrl: string }) {
  const t = useTranslations('playgroundApiCall');
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const values = useWatch({ control: playground.form.control });

  return (
    <div className="space-y-3">
      <Button variant="secondary" size="sm" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        <CodeIcon className="size-4" />
        {t(open ? 'hide' : 'show')}
      </Button>
      {open && (
        <div id={panelId} className="space-y-2" data-testid="api-call">
          <ApiCallBody playground={playground} values={values} baseUrl={baseUrl} />
        </div>
      )}
    </div>
  );
}

function ApiCallBody({
  playground,
  values,
  baseUrl,
}: {
  playground: PlaygroundForm;
  values: unknown;
  baseUrl: string;
}) {
  const t = useTranslations('playgroundApiCall');
  const parsed = playground.requestFor(values as Parameters<PlaygroundForm['requestFor']>[0]);
  if (!parsed.success) {
    return (
      <p
        className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600 ring-1 ring-slate-200"
        data-testid="api-call-incomplete"
      >
        {t('incomplete', { problem: parsed.error.issues[0]?.message ?? '' })}
      </p>
    );
  }
  return (
    <>
      <p className="text-sm text-slate-600">{t('intro')}</p>
      <RequestSnippetTabs baseUrl={baseUrl} request={{ method: 'POST', path: '/generate', body: parsed.data }} />
    </>
  );
}
