'use client';

import { useTranslations } from 'next-intl';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { PlusIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldBlock } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { RemoveRowButton } from '@/components/editor/form-parts';
import { MAX_SAMPLE_IMAGES } from '@/components/templates/model';
import { SampleImage } from '@/components/templates/sample-image';
import type { TemplateFormValues } from './template-form';

/** Only whole http(s) addresses are previewed, so half-typed ones are not requested. */
export const previewable = (url: string) => (/^https?:\/\/[^\s/]+\/\S+$/.test(url.trim()) ? url.trim() : null);

/** The input of a picture or clip address (its placeholder is `templates.samples.urlPlaceholder`). */
export const URL_INPUT = { type: 'url', inputMode: 'url', maxLength: 2048, className: 'font-mono text-xs' } as const;

/** The image template's sample pictures: up to nine addresses, the first one shown in the store. */
export function SampleImagesPanel() {
  const t = useTranslations('templates.samples');
  const { control } = useFormContext<TemplateFormValues>();
  const rows = useFieldArray({ control, name: 'sample_images' });
  const [name, urls] = useWatch({ control, name: ['zh_name', 'sample_images'] });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('title')}</CardTitle>
        <CardDescription>{t('description', { max: MAX_SAMPLE_IMAGES })}</CardDescription>
      </CardHeader>
      <CardBody className="space-y-3">
        {rows.fields.length === 0 && <p className="text-sm text-slate-500">{t('none')}</p>}
        <ol className="space-y-3">
          {rows.fields.map((row, i) => (
            <li key={row.id} className="flex items-start gap-3">
              <SampleImage
                src={previewable(urls[i]?.url ?? '')}
                name={name || t('glyph')}
                kind="image"
                small
                className="mt-[1.125rem] size-12 shrink-0 rounded-lg ring-1 ring-slate-200"
              />
              <FieldBlock
                control={control}
                name={`sample_images.${i}.url`}
                label={t('row', { n: i + 1 })}
                className="min-w-0 flex-1"
              >
                {(field) => <Input {...field} {...URL_INPUT} placeholder={t('urlPlaceholder')} />}
              </FieldBlock>
              <RemoveRowButton label={t('remove', { n: i + 1 })} onClick={() => rows.remove(i)} />
            </li>
          ))}
        </ol>
        <Button
          variant="secondary"
          size="sm"
          disabled={rows.fields.length >= MAX_SAMPLE_IMAGES}
          onClick={() => rows.append({ url: '' })}
        >
          <PlusIcon className="size-4" />
          {t('add')}
        </Button>
      </CardBody>
    </Card>
  );
}
