import { useTranslations } from 'next-intl';
import type { ConversionAnswer } from '@/contracts/image-template';
import { Badge } from '@/components/ui/badge';
import { PromptBlock } from '@/components/reading/prompt-block';
import { SCULPT_PARTS } from '@/components/reading/reading';

/** The reading part of a conversion: name, description, ratio, tags, the six parts and the prompts. */
export function ReadingSummary({ answer }: { answer: ConversionAnswer }) {
  const t = useTranslations('imageTemplate.summary');
  const parts = useTranslations('reading.parts');
  return (
    <div className="min-w-0 space-y-4">
      <div className="min-w-0 space-y-2">
        <h2 className="text-xl font-semibold text-balance break-words text-slate-900" data-testid="convert-name">
          {answer.zh_name}
        </h2>
        <p className="text-sm leading-6 text-pretty break-words text-slate-600">{answer.description}</p>
        <p className="text-sm leading-6 break-words text-slate-800">
          <span className="text-slate-500">{t('subjectLead')}</span>
          {answer.sculpt.subject}
        </p>
        <dl className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <div>
            <dt className="text-xs text-slate-500">{t('ratio')}</dt>
            <dd className="font-medium text-slate-900 tabular-nums" data-testid="convert-ratio">
              {answer.ratio}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">{t('category')}</dt>
            <dd className="font-medium break-words text-slate-900">{answer.image_category}</dd>
          </div>
        </dl>
        {answer.style_tags.length > 0 && (
          <ul aria-label={t('tags')} className="flex flex-wrap gap-1.5">
            {answer.style_tags.map((tag, i) => (
              <li key={`${tag}-${i}`}>
                <Badge tone="indigo" className="whitespace-normal break-words">
                  {tag}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </div>
      <details className="group min-w-0 rounded-xl ring-1 ring-slate-200">
        <summary className="cursor-pointer px-4 py-2.5 text-sm font-medium text-slate-700">{t('sculpt')}</summary>
        <dl className="divide-y divide-slate-100 border-t border-slate-100">
          {SCULPT_PARTS.map((part) => (
            <div key={part} className="grid gap-1 px-4 py-2.5 sm:grid-cols-[7rem_minmax(0,1fr)] sm:gap-4">
              <dt className="text-sm text-slate-500">{parts(part)}</dt>
              <dd className="min-w-0 text-sm leading-6 break-words text-slate-800">{answer.sculpt[part]}</dd>
            </div>
          ))}
        </dl>
      </details>
      <div className="grid gap-3 xl:grid-cols-2">
        <PromptBlock title={t('prompt')} label={t('promptLabel')} text={answer.prompt} testId="convert-prompt" />
        <PromptBlock
          title={t('promptCn')}
          label={t('promptCnLabel')}
          text={answer.prompt_cn}
          testId="convert-prompt-cn"
        />
      </div>
    </div>
  );
}
