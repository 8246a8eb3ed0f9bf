'use client';

import { useTranslations } from 'next-intl';
import { useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { PlusIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldBlock } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { OptionalFieldBlock, RemoveRowButton } from '@/components/editor/form-parts';
import { COMMON_RATIOS, MAX_VIDEO_CONFIGS } from '@/components/templates/model';
import { SampleImage } from '@/components/templates/sample-image';
import { previewable, URL_INPUT } from './sample-images-panel';
import type { TemplateFormValues } from './template-form';

/** The video template's cover picture and sample clip, and the sizes (ratio and length) it makes. */
export function VideoMediaPanel() {
  const t = useTranslations('templates');
  const { control } = useFormContext<TemplateFormValues>();
  const [name, cover] = useWatch({ control, name: ['zh_name', 'sample_cover_image'] });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('video.title')}</CardTitle>
        <CardDescription>{t('video.description')}</CardDescription>
      </CardHeader>
      <CardBody className="space-y-5">
        <div className="flex items-start gap-3">
          <SampleImage
            src={previewable(cover)}
            name={name || t('video.glyph')}
            kind="video"
            small
            className="mt-[1.125rem] size-12 shrink-0 rounded-lg ring-1 ring-slate-200"
          />
          <OptionalFieldBlock
            control={control}
            name="sample_cover_image"
            label={t('video.cover')}
            className="min-w-0 flex-1"
          >
            {(field) => <Input {...field} {...URL_INPUT} placeholder={t('samples.urlPlaceholder')} />}
          </OptionalFieldBlock>
        </div>
        <OptionalFieldBlock control={control} name="sample_video_url" label={t('video.clip')}>
          {(field) => <Input {...field} {...URL_INPUT} placeholder={t('samples.urlPlaceholder')} />}
        </OptionalFieldBlock>
        <Sizes />
      </CardBody>
    </Card>
  );
}

/** The ratio and length rows: at least one, at most ten. */
function Sizes() {
  const t = useTranslations('templates.video');
  const { control } = useFormContext<TemplateFormValues>();
  const rows = useFieldArray({ control, name: 'generation_configs' });
  const { errors } = useFormState({ control, name: 'generation_configs' });

  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="text-sm font-medium text-slate-700">{t('sizes')}</legend>
      <p className="-mt-1 text-xs text-slate-500">{t('sizesDescription')}</p>
      <ol className="space-y-2">
        {rows.fields.map((row, i) => (
          <li key={row.id} className="rounded-xl bg-slate-50/70 p-3 ring-1 ring-inset ring-slate-200/70">
            <div className="flex flex-wrap items-start gap-3">
              <FieldBlock
                control={control}
                name={`generation_configs.${i}.ratio`}
                label={t('ratio', { n: i + 1 })}
                className="min-w-28 flex-1"
              >
                {(field) => (
                  <Select {...field}>
                    {!COMMON_RATIOS.includes(field.value) && (
                      <option value={field.value}>{field.value || t('choose')}</option>
                    )}
                    {COMMON_RATIOS.map((x) => (
                      <option key={x} value={x}>
                        {x}
                      </option>
                    ))}
                  </Select>
                )}
              </FieldBlock>
              <FieldBlock
                control={control}
                name={`generation_configs.${i}.duration`}
                label={t('seconds', { n: i + 1 })}
                className="w-32"
              >
                {(field) => (
                  <Input
                    {...field}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={60}
                    step={1}
                    className="tabular-nums"
                  />
                )}
              </FieldBlock>
              <RemoveRowButton
                label={t('remove', { n: i + 1 })}
                title={rows.fields.length === 1 ? t('keepOne') : undefined}
                disabled={rows.fields.length === 1}
                onClick={() => rows.remove(i)}
              />
            </div>
          </li>
        ))}
      </ol>
      {errors.generation_configs?.root && (
        <p className="text-xs text-rose-600">{errors.generation_configs.root.message}</p>
      )}
      <Button
        variant="secondary"
        size="sm"
        disabled={rows.fields.length >= MAX_VIDEO_CONFIGS}
        onClick={() => rows.append({ ratio: '16:9', duration: '5' }, { shouldFocus: false })}
      >
        <PlusIcon className="size-4" />
        {t('add')}
      </Button>
    </fieldset>
  );
}
