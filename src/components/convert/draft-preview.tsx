import type { FieldSpec } from '@/contracts/slots';
import { PromptBlock } from '../reading/prompt-block';

const TEXT = {
  prompt: 'Prompt template',
  promptLabel: 'prompt template',
  fields: 'Fields of the template',
  noFields: 'No variables: the template takes one sentence and keeps every text as it is on the image.',
  key: 'Slot',
  label: 'Label',
  default: 'Default (the text on the image)',
} as const;

/** What the template will be, as the user's choices make it: its prompt and its form. */
export function DraftPreview({ prompt, fields }: { prompt: string; fields: readonly FieldSpec[] }) {
  return (
    <div className="min-w-0 space-y-4">
      <PromptBlock title={TEXT.prompt} label={TEXT.promptLabel} text={prompt} testId="draft-prompt" />
      <section className="min-w-0 space-y-2">
        <h3 className="text-sm font-medium text-slate-700">{TEXT.fields}</h3>
        {fields.length === 0 ? (
          <p className="text-sm text-slate-500">{TEXT.noFields}</p>
        ) : (
          <div className="overflow-x-auto rounded-xl ring-1 ring-slate-200">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-xs text-slate-500">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">{TEXT.key}</th>
                  <th scope="col" className="px-3 py-2 font-medium">{TEXT.label}</th>
                  <th scope="col" className="px-3 py-2 font-medium">{TEXT.default}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {fields.map((f) => (
                  <tr key={f.key} data-testid="draft-field" className="align-top">
                    <td className="px-3 py-2 font-mono text-xs whitespace-nowrap text-slate-700">{`{${f.key}}`}</td>
                    <td className="min-w-24 px-3 py-2 break-words text-slate-900">{f.label}</td>
                    <td className="px-3 py-2 break-words text-slate-600">{f.default}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
