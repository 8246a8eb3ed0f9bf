import { useTranslations } from 'next-intl';
import type { FieldSpec } from '@/contracts/slots';
import { PromptBlock } from '@/components/reading/prompt-block';
import { slotCode } from './draft';

/** What the template will be, as the user's choices make it: its prompt and its form. */
export function DraftPreview({ prompt, fields }: { prompt: string; fields: readonly FieldSpec[] }) {
  const t = useTranslations('imageTemplate.draft');
  return (
    <div className="min-w-0 space-y-4">
      <PromptBlock title={t('prompt')} label={t('promptLabel')} text={prompt} testId="draft-prompt" />
      <section className="min-w-0 space-y-2">
        <h3 className="text-sm font-medium text-slate-700">{t('fields')}</h3>
        {fields.length === 0 ? (
          <p className="text-sm text-slate-500">{t('noFields')}</p>
        ) : (
          <div className="overflow-x-auto rounded-xl ring-1 ring-slate-200">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-xs text-slate-500">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('key')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('label')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('default')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {fields.map((f) => (
                  <tr key={f.key} data-testid="draft-field" className="align-top">
                    <td className="px-3 py-2 font-mono text-xs whitespace-nowrap text-slate-700">{slotCode(f.key)}</td>
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
