'use client';

import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { FieldBlock } from '../../ui/form';
import { Input } from '../../ui/input';
import { Textarea } from '../../ui/textarea';
import { NameField, SlugField } from '@/components/templates/form-parts';
import { SwitchField } from '@/components/templates/toggle-row';
import { GENRES, SKILL_RATIOS } from './model';
import type { SkillFormValues } from './skill-form';
import { Thumb } from './thumb';

/** Name, slug, description, genre, ratio, thumbnail and the two switches: how tenants see the skill. */
export function SkillBasicsPanel({ creating }: { creating: boolean }) {
  const { control } = useFormContext<SkillFormValues>();
  const thumb = useWatch({ control, name: 'thumb' });
  const genresId = useId();
  const ratiosId = useId();

  return (
    <Card>
      <CardHeader>
        <CardTitle>Basics</CardTitle>
        <CardDescription>How tenants see the skill in GET /api/skills and pick it by slug.</CardDescription>
      </CardHeader>
      <CardBody className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <NameField description="Shown to callers, e.g. 电商白底主图." className="min-w-0" />
        <SlugField
          creating={creating}
          placeholder="spring-poster"
          description={creating ? '2–80 characters of a–z, 0–9 and -. It cannot change later.' : 'A skill keeps its slug.'}
          className="min-w-0"
        />
        <FieldBlock control={control} name="description" label="Description" className="min-w-0 sm:col-span-2">
          {(field) => <Textarea {...field} rows={2} maxLength={500} className="resize-y" />}
        </FieldBlock>
        <FieldBlock control={control} name="genre" label="Genre" className="min-w-0" after={<Suggestions id={genresId} values={GENRES} />}>
          {(field) => <Input {...field} maxLength={50} list={genresId} autoComplete="off" placeholder="ecommerce" />}
        </FieldBlock>
        <FieldBlock
          control={control}
          name="ratio"
          label="Aspect ratio"
          description="W:H; used when a request gives none."
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
            label="Thumbnail"
            description="An http(s) URL or a path Studio serves, such as /thumbs/skills/x.svg."
            className="min-w-0 flex-1"
          >
            {(field) => <Input {...field} maxLength={2048} autoComplete="off" spellCheck={false} placeholder="/thumbs/skills/spring-poster.svg" className="font-mono" />}
          </FieldBlock>
        </div>
        <SwitchField
          control={control}
          name="ref_required"
          label="Needs image"
          description="Callers must send a reference image (their product or photo)."
          look="boxed"
        />
        <SwitchField control={control} name="active" label="Active" description="Inactive skills are hidden from tenants and cannot be used." look="boxed" />
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
