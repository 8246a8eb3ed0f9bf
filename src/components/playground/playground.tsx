'use client';

import { useId, useRef } from 'react';
import { useTranslations } from 'next-intl';
import { PlaygroundIcon, SkillsIcon, TemplatesIcon } from '@/components/icons';
import { SubmitBar } from '@/components/fields/submit-bar';
import { Workbench } from '@/components/fields/workbench';
import { ApiCall } from './api-call';
import { ImageOptions } from './image-options';
import type { Prices } from './options';
import type { PlaygroundStart } from './playground-form';
import { ReferenceField } from './reference-field';
import { ResultsPanel } from './results-panel';
import { SourcePanel } from './source-panel';
import { SourceTabs } from './source-tabs';
import { usePlaygroundForm } from './use-playground-form';
import { usePersonalAccount } from '@/components/console/personal-account';

const SOURCE_TABS = [
  { value: 'prompt' as const, icon: PlaygroundIcon },
  { value: 'skill' as const, icon: SkillsIcon },
  { value: 'template' as const, icon: TemplatesIcon },
];

interface PlaygroundProps {
  /** Credits per image by quality, the running server's settings. */
  prices: Prices;
  /** Where the form starts, from the address (?skill= or ?template=). */
  start?: PlaygroundStart;
  /** This Studio's public address, for "show as API call". */
  baseUrl: string;
}

export function Playground({ prices, start, baseUrl }: PlaygroundProps) {
  const t = useTranslations('playground');
  const personal = usePersonalAccount();
  const formId = useId();
  const panelId = useId();
  const referencesId = useId();
  const results = useRef<HTMLElement>(null);
  const playground = usePlaygroundForm({ prices, start, results });
  const { form, submit, source, referencesFirst } = playground;

  const referencePicker = (
    <ReferenceField id={referencesId} required={referencesFirst} warning={playground.notes.references} />
  );

  return (
    <Workbench
      eyebrow={t('eyebrow')}
      title={t('title')}
      description={t('description')}
      form={form}
      onSubmit={submit}
      results={<ResultsPanel ref={results} submitted={playground.submitted} source={source} />}
    >
      <SourceTabs
        label={t('startFrom')}
        tabs={SOURCE_TABS.map((tab) => ({ ...tab, label: t(`sources.${tab.value}`) }))}
        value={source}
        onChange={playground.chooseSource}
        panelId={panelId}
        idPrefix={formId}
      />

      <div id={panelId} role="tabpanel" className="space-y-5">
        <SourcePanel
          playground={playground}
          references={referencesFirst && referencePicker}
          referencesId={referencesId}
        />
      </div>

      <ImageOptions recipe={playground.recipe} prices={prices} models={playground.models} notes={playground.notes} />

      {!referencesFirst && referencePicker}

      <SubmitBar
        cost={playground.cost}
        credits={playground.credits}
        pending={playground.pending}
        label={t('generate')}
        pendingLabel={t('submitting')}
        shortfall={t(personal ? 'shortfallPersonal' : 'shortfall')}
        testIds={{ error: 'generate-error', credits: 'playground-credits' }}
        blocked={{ id: formId, reason: playground.blockedReason, locked: playground.locked }}
      />

      <ApiCall playground={playground} baseUrl={baseUrl} />
    </Workbench>
  );
}
