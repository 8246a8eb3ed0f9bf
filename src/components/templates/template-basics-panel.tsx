'use client';

import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { cn } from '../ui/cn';
import { FieldBlock, FormField } from '../ui/form';
import { Input } from '../ui/input';
import { Segmented } from '../ui/segmented';
import { Select } from '../ui/select';
import { Textarea } from '../ui/textarea';
import { FormatPicker } from './format-picker';
import { NameField, OptionalFieldBlock, SlugField } from './form-parts';
import { COMMON_RATIOS, KINDS, type TemplateKind } from './model';
import type { TemplateFormValues } from './template-form';

const KIND_NOTE: Record<TemplateKind, string> = {
  image: 'Fills the prompt of an image generation (Playground, POST /api/generate).',
  article: 'Fills the brief of a piece of copy (POST /api/article).',
  video: 'A video recipe with its sizes and sample.',
};
const SLUG_PREFIX: Record<TemplateKind, string> = { image: 'img', article: 'art', video: 'vid' };

interface BasicsPanelProps {
  creating: boolean;
  kind: TemplateKind;
  onKindChange: (kind: TemplateKind) => void;
}

/** Name, slug, description and the kind's own settings: how the template is listed. */
export function TemplateBasicsPanel({ creating, kind, onKindChange }: BasicsPanelProps) {
  const { control } = useFormContext<TemplateFormValues>();
  const typesId = useId();

  return (
    <Card>
      <CardHeader>
        <CardTitle>Basics</CardTitle>
        <CardDescription>How the template is listed for your team and API callers.</CardDescription>
      </CardHeader>
      <CardBody className="space-y-5">
        {creating && (
          <Segmented
            legend="Type"
            name="template-kind"
            value={kind}
            onChange={onKindChange}
            options={KINDS.map((k) => ({ value: k.value, label: k.label }))}
            description={KIND_NOTE[kind]}
          />
        )}

        <NameField description="Shown in lists and to callers, e.g. 春节促销海报." />

        <SlugField
          creating={creating}
          optional
          placeholder="spring-sale-poster"
          description={
            creating
              ? `Callers use it to pick the template. Leave blank to generate one (${SLUG_PREFIX[kind]}-…). It cannot change later.`
              : 'A template keeps its slug.'
          }
        />

        <OptionalFieldBlock control={control} name="description" label="Description">
          {(field) => <Textarea {...field} rows={2} maxLength={500} className="resize-y" />}
        </OptionalFieldBlock>

        <div className={cn('grid grid-cols-1 gap-5', kind !== 'video' && 'sm:grid-cols-2')}>
          <OptionalFieldBlock control={control} name="category" label="Category">
            {(field) => <Input {...field} maxLength={50} placeholder="e.g. 海报" />}
          </OptionalFieldBlock>
          {kind !== 'video' && (
            <OptionalFieldBlock control={control} name="domain" label="Domain">
              {(field) => <Input {...field} maxLength={50} placeholder="e.g. ecommerce" />}
            </OptionalFieldBlock>
          )}
        </div>

        {kind === 'image' && (
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
            <FieldBlock control={control} name="ratio" label="Aspect ratio" description="Used when a request gives none.">
              {(field) => (
                <Select {...field}>
                  <option value="">Caller chooses</option>
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
              label="Template type"
              description="Free text, e.g. text2img or img2img."
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

        {kind === 'article' && <FormField control={control} name="format" render={({ field }) => <FormatPicker field={field} />} />}
      </CardBody>
    </Card>
  );
}
