'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import type { ConversionAnswer } from '@/contracts/image-template';
import { WarningIcon } from '@/components/icons';
import { ErrorAlert } from '@/components/ui/alert';
import { Card, CardBody } from '@/components/ui/card';
import { CreateTemplateForm } from './create-template-form';
import { DraftPreview } from './draft-preview';
import { LayerCanvas } from './layer-canvas';
import { LayerList } from './layer-list';
import { ReadingSummary } from './reading-summary';
import { useTemplateDraft } from './use-template-draft';

/** One conversion: the reading, the texts over the image and in a list, the template draft and its creation. */
export function ConversionResult({ image, answer }: { image: string; answer: ConversionAnswer }) {
  const t = useTranslations('imageTemplate.result');
  const { draft, choices, active, selected, hover, select, toggle, label } = useTemplateDraft(answer);
  const templated = answer.prompt_template !== null;
  const layersId = useId();

  return (
    <Card data-testid="convert-result" className="min-w-0">
      <CardBody className="space-y-8">
        {answer.template_error && (
          <ErrorAlert data-testid="convert-template-error" className="break-words">
            {answer.template_error}
          </ErrorAlert>
        )}
        <ReadingSummary answer={answer} />

        <section className="min-w-0 space-y-3" aria-labelledby={layersId}>
          <div>
            <h3 id={layersId} className="text-base font-semibold text-slate-900">
              {t('layers')}
            </h3>
            {templated && answer.text_layers.length > 0 && (
              <p className="mt-1 text-sm text-slate-500">{t('layersHint')}</p>
            )}
          </div>
          <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
            <div className="lg:sticky lg:top-20">
              <LayerCanvas
                image={image}
                name={answer.zh_name}
                ratio={answer.ratio}
                layers={draft.layers}
                active={active}
                selected={selected}
                onHover={hover}
                onSelect={select}
              />
            </div>
            <LayerList
              layers={draft.layers}
              fieldOf={draft.fieldOf}
              labels={choices.labels}
              active={active}
              onHover={hover}
              onSelect={select}
              onToggle={toggle}
              onLabel={label}
            />
          </div>
        </section>

        {answer.template_warnings.length > 0 && (
          <section
            className="min-w-0 space-y-2 rounded-xl bg-amber-50 px-4 py-3 ring-1 ring-amber-200"
            aria-label={t('warnings')}
          >
            <h3 className="flex items-center gap-1.5 text-sm font-medium text-amber-900">
              <WarningIcon className="size-4" />
              {t('warnings')}
            </h3>
            <ul className="list-disc space-y-1 pl-5 text-sm break-words text-amber-900" data-testid="convert-warnings">
              {answer.template_warnings.map((w, i) => (
                <li key={i}>{w}</li>
              ))}
            </ul>
          </section>
        )}

        {templated && (
          <section className="min-w-0 space-y-6" aria-label={t('draft')}>
            <DraftPreview prompt={draft.prompt_template} fields={draft.fields} />
            <CreateTemplateForm answer={answer} imageUrl={image} draft={draft} />
          </section>
        )}
      </CardBody>
    </Card>
  );
}
