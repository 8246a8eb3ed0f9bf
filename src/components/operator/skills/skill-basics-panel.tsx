'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldBlock } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { NameField, SlugField } from '@/components/editor/form-parts';
import { SwitchField } from '@/components/editor/toggle-row';
import { GENRES, SKILL_RATIOS } from './model';
import type { SkillFormValues } from './skill-form';
import { Thumb } from './thumb';

/** Name, slug, description, genre, ratio, thumbnail and the two switches: how tenants see the skill. */
export function SkillBasicsPanel({ creating }: { creating: boolean }) {
  const t = useTranslations('operator.skills.basics');
  const { control } = useFormContext<SkillFormValues>();
  const thumb = useWatch({ control, name: 'thumb' });
  const genresId = useId();
  const ratiosId = useId();

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('title')}</CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardBody className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <NameField description={t('nameHelp')} className="min-w-0" />
        <SlugField
          creating={creating}
          placeholder={t('slugPlaceholder')}
          description={creating ? t('slugHelpNew') : t('slugHelpKept')}
          className="min-w-0"
        />
        <FieldBlock
          control={control}
          name="description"
          label={t('descriptionLabel')}
          className="min-w-0 sm:col-span-2"
        >
          {(field) => <Textarea {...field} rows={2} maxLength={500} className="resize-y" />}
        </FieldBlock>
        <FieldBlock
          control={control}
          name="genre"
          label={t('genre')}
          className="min-w-0"
          after={<Suggestions id={genresId} values={GENRES} />}
        >
          {(field) => (
            <Input {...field} maxLength={50} list={genresId} autoComplete="off" placeholder={t('genrePlaceholder')} />
          )}
        </FieldBlock>
        <FieldBlock
          control={control}
          name="ratio"
          label={t('ratio')}
          description={t('ratioHelp')}
          className="min-w-0"
          after={<Suggestions id={ratiosId} values={SKILL_RATIOS} />}
        >
          {(field) => (
            <Input
              {...field}
              onChange={(e) => field.onChange(e.target.value.replace(/\s/g, ''))}
              maxLength={7}
              list={ratiosId}
              autoComplete="off"
              className="font-mono"
            />
          )}
        </FieldBlock>
        <div className="flex items-start gap-3 sm:col-span-2">
          <Thumb src={thumb} className="mt-[1.625rem]" />
          <FieldBlock
            control={control}
            name="thumb"
            label={t('thumb')}
            description={t('thumbHelp')}
            className="min-w-0 flex-1"
          >
            {(field) => (
              <Input
                {...field}
                maxLength={2048}
                autoComplete="off"
                spellCheck={false}
                placeholder={t('thumbPlaceholder')}
                className="font-mono"
              />
            )}
          </FieldBlock>
        </div>
        <SwitchField
          control={control}
          name="ref_required"
          label={t('needsImage')}
          description={t('needsImageHelp')}
          look="boxed"
        />
        <SwitchField control={control} name="active" label={t('active')} description={t('activeHelp')} look="boxed" />
      </CardBody>
    </Card>
  );
}

/** The values an input offers as it is typed in; any other value is accepted too. */
function Suggestions({ id, values }: { id: string; values: readonly string[] }) {
  return (
    <datalist id={id}>
      {values.map((v) => (
        <option key={v} value={v} />
      ))}
    </datalist>
  );
}
