'use client';

import { useTranslations } from 'next-intl';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form';
import { FieldsBuilder } from '@/components/editor/fields-builder';
import { PromptEditor } from '@/components/editor/prompt-editor';
import type { TemplateFormState } from './use-template-form';

/** The prompt template and the form whose fields fill its slots. */
export function TemplatePromptPanel({ editor }: { editor: TemplateFormState }) {
  const t = useTranslations('templates.promptPanel');
  const { form, specs, gaps, fields, slots } = editor;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('title')}</CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardBody className="space-y-6">
        <FormField
          control={form.control}
          name="prompt_template"
          render={({ field }) => (
            <PromptEditor
              field={field}
              keys={specs.map((f) => f.key)}
              slotsWithoutField={gaps.slotsWithoutField}
              unusedFields={gaps.unusedFields}
              onAddField={editor.addField}
              slots={slots}
            />
          )}
        />
        <div className="space-y-3 border-t border-slate-100 pt-5">
          <div>
            <h3 className="text-sm font-semibold text-slate-900">{t('fields')}</h3>
            <p className="mt-0.5 text-sm text-slate-500">{t('fieldsDescription')}</p>
          </div>
          <FieldsBuilder
            rows={fields.fields}
            onAdd={() => editor.addField()}
            onMove={fields.move}
            onRemove={fields.remove}
            unused={new Set(gaps.unusedFields)}
            onInsert={slots.insert}
          />
        </div>
      </CardBody>
    </Card>
  );
}
