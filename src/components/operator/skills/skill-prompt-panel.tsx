'use client';

import { useId } from 'react';
import { skillUpsertSchema } from '@/contracts/skills';
import { FieldsBuilder } from '@/components/templates/fields-builder';
import { MAX_FIELDS } from '@/components/templates/fill';
import { PromptInput, type PromptSpec } from '@/components/templates/prompt-editor';
import { ToggleRow } from '@/components/templates/toggle-row';
import { WarningIcon } from '../../icons';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { cn } from '../../ui/cn';
import { FormDescription, FormField, FormItem, FormMessage } from '../../ui/form';
import type { SlotReport } from './model';
import type { SkillFormState } from './use-skill-form';

const PROMPT: PromptSpec = { label: 'Prompt', max: skillUpsertSchema.shape.prompt.maxLength ?? 8000, look: 'code' };

/** The skill's prompt, one sentence or a form, and the form's fields. */
export function SkillPromptPanel({ editor }: { editor: SkillFormState }) {
  const { form, sentence, report, fields, slots } = editor;
  const slotsId = useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Prompt and form</CardTitle>
        <CardDescription>The prompt never leaves the server; tenants only see the name, description and form.</CardDescription>
      </CardHeader>
      <CardBody className="space-y-6">
        <ToggleRow
          label="One sentence"
          look="boxed"
          checked={sentence}
          onChange={editor.setSentence}
          description={
            sentence ? (
              <>
                Callers send one sentence, which fills <code className="font-mono text-slate-700">{'{input}'}</code>. Switch off to give them a form.
              </>
            ) : (
              'Callers fill a form; each field fills the slot of its key.'
            )
          }
        />

        <FormField
          control={form.control}
          name="prompt"
          render={({ field }) => (
            <FormItem className="space-y-2">
              <PromptInput
                field={field}
                slots={slots}
                spec={PROMPT}
                placeholder={sentence ? 'Poster for a spring sale: {input}' : 'Poster for {product}, in the style of {style}.'}
                describedBy={slotsId}
              />
              <FormMessage />
              <FormDescription className="leading-5">
                Write <code className="font-mono text-slate-700">{'{key}'}</code> where a value goes; <code className="font-mono text-slate-700">{'{{'}</code> and{' '}
                <code className="font-mono text-slate-700">{'}}'}</code> write a literal brace.{' '}
                {sentence ? 'A one-sentence prompt must contain {input}.' : 'Every field’s slot must appear, and no other slot.'}
              </FormDescription>
              <SlotList id={slotsId} report={report} sentence={sentence} onInsert={slots.insert} />
            </FormItem>
          )}
        />

        {!sentence && (
          <div className="space-y-3 border-t border-slate-100 pt-5">
            <div>
              <h3 className="text-sm font-semibold text-slate-900">Form fields</h3>
              <p className="mt-0.5 text-sm text-slate-500">Move them to set the order callers see. At most {MAX_FIELDS}.</p>
            </div>
            <FieldsBuilder
              rows={fields.fields}
              onAdd={editor.addField}
              onMove={fields.move}
              onRemove={fields.remove}
              unused={new Set(report.absent)}
              onInsert={slots.insert}
              noun="skill"
              emptyNote="A form skill needs at least one field. Add one, or switch on One sentence."
            />
          </div>
        )}
      </CardBody>
    </Card>
  );
}

/** The slots the prompt uses, green when filled, red when nothing fills them; missing ones in amber. */
function SlotList({ id, report, sentence, onInsert }: { id: string; report: SlotReport; sentence: boolean; onInsert: (key: string) => void }) {
  return (
    <div id={id} className="space-y-1.5" data-testid="prompt-slots">
      <div className="flex flex-wrap items-center gap-1.5" role="group" aria-label="Slots in the prompt">
        <span className="text-xs font-medium text-slate-500">Uses</span>
        {report.slots.length === 0 && <span className="text-xs text-slate-400">no slots</span>}
        {report.slots.map((s) => (
          <span
            key={s.key}
            title={s.ok ? undefined : sentence ? 'A one-sentence skill takes only {input}' : 'No field has this key'}
            className={cn(
              'rounded-md px-1.5 py-0.5 font-mono text-xs ring-1 ring-inset',
              s.ok ? 'bg-emerald-50 text-emerald-800 ring-emerald-200' : 'bg-rose-50 text-rose-700 ring-rose-200',
            )}
          >
            {`{${s.key}}`}
            {!s.ok && <span className="sr-only"> (nothing fills it)</span>}
          </span>
        ))}
      </div>
      {report.absent.length > 0 && (
        <p className="flex flex-wrap items-center gap-1.5 text-xs text-amber-800">
          <WarningIcon className="size-3.5 shrink-0" />
          Missing:
          {report.absent.map((k) => (
            <button
              key={k}
              type="button"
              onClick={() => onInsert(k)}
              title={`Insert {${k}} into the prompt`}
              className="rounded-md bg-amber-50 px-1.5 py-0.5 font-mono ring-1 ring-amber-200 ring-inset hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              {`{${k}}`}
            </button>
          ))}
        </p>
      )}
    </div>
  );
}
