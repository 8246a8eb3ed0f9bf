'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { FieldBlock, FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Segmented } from '@/components/ui/segmented';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { FormatPicker } from './format-picker';
import { NameField, OptionalFieldBlock, SlugField } from '@/components/editor/form-parts';
import { COMMON_RATIOS, KINDS, type TemplateKind } from '@/components/templates/model';
import type { TemplateFormValues } from './template-form';

const SLUG_PREFIX: Record<TemplateKind, string> = { image: 'img', article: 'art', video: 'vid' };

interface BasicsPanelProps {
  creating: boolean;
  kind: TemplateKind;
  onKindChange: (kind: TemplateKind) => void;
}

/** Name, slug, description and the kind's own settings: how the template is listed. */
export function TemplateBasicsPanel({ creating, kind, onKindChange }: BasicsPanelProps) {
  const t = useTranslations('templates');
  const { control } = useFormContext<TemplateFormValues>();
  const typesId = useId();

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('basics.title')}</CardTitle>
        <CardDescription>{t('basics.description')}</CardDescription>
      </CardHeader>
      <CardBody className="space-y-5">
        {creating && (
          <Segmented
            legend={t('basics.type')}
            name="template-kind"
            value={kind}
            onChange={onKindChange}
            options={KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
            description={t(`basics.kindNotes.${kind}`)}
          />
        )}

        <NameField description={t('basics.nameDescription')} />

        <SlugField
          creating={creating}
          optional
          placeholder={t('basics.slugPlaceholder')}
          description={creating ? t('basics.slugNew', { prefix: SLUG_PREFIX[kind] }) : t('basics.slugKept')}
        />

        <OptionalFieldBlock control={control} name="description" label={t('basics.descriptionLabel')}>
          {(field) => <Textarea {...field} rows={2} maxLength={500} className="resize-y" />}
        </OptionalFieldBlock>

        <div className={cn('grid grid-cols-1 gap-5', kind !== 'video' && 'sm:grid-cols-2')}>
          <OptionalFieldBlock control={control} name="category" label={t('basics.category')}>
            {(field) => <Input {...field} maxLength={50} placeholder={t('basics.categoryPlaceholder')} />}
          </OptionalFieldBlock>
          {kind !== 'video' && (
            <OptionalFieldBlock control={control} name="domain" label={t('basics.domain')}>
              {(field) => <Input {...field} maxLength={50} placeholder={t('basics.domainPlaceholder')} />}
            </OptionalFieldBlock>
          )}
        </div>

        {kind === 'image' && (
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
            <FieldBlock
              control={control}
              name="ratio"
              label={t('basics.ratio')}
              description={t('basics.ratioDescription')}
            >
              {(field) => (
                <Select {...field}>
                  <option value="">{t('basics.callerChooses')}</option>
                  {[...new Set([...COMMON_RATIOS, ...(field.value ? [field.value] : [])])].map((r) => (
                    <option key={r} value={r}>
                      {r}
                    </option>
                  ))}
                </Select>
              )}
            </FieldBlock>
            <OptionalFieldBlock
              control={control}
              name="template_type"
              label={t('basics.templateType')}
              description={t('basics.templateTypeDescription')}
              after={
                <datalist id={typesId}>
                  <option value="text2img" />
                  <option value="img2img" />
                </datalist>
              }
            >
              {(field) => <Input {...field} maxLength={40} list={typesId} autoComplete="off" />}
            </OptionalFieldBlock>
          </div>
        )}

        {kind === 'article' && (
          <FormField control={control} name="format" render={({ field }) => <FormatPicker field={field} />} />
        )}
      </CardBody>
    </Card>
  );
}
