import { useTranslations } from 'next-intl';
import { CONVERSION_STEPS } from '@/contracts/image-template';
import { CheckIcon, CloseIcon } from '@/components/icons';
import { cn } from '@/components/ui/cn';
import { Spinner } from '@/components/ui/spinner';

/** The API's step names (English words) and their keys in `jobs.stepNames`; an unknown name is shown as the API gives it. */
const STEP_KEYS: Record<string, 'receive' | 'parse' | 'extract' | 'create'> = {
  'receive image': 'receive',
  'parse image': 'parse',
  'extract text layers': 'extract',
  'create template': 'create',
};

/** A step's name in the page's language, from a translator of the `jobs` namespace. */
export function useStepName(): (name: string) => string {
  const t = useTranslations('jobs.stepNames');
  return (name) => {
    const key = Object.hasOwn(STEP_KEYS, name) ? STEP_KEYS[name] : undefined;
    return key ? t(key) : name;
  };
}

export interface StepState {
  name: string;
  status: 'running' | 'ok' | 'fail';
  error?: string | undefined;
}

type Shown = StepState['status'] | 'waiting';

/**
 * A conversion's steps in their order, each waiting, running, done or failed; a step the run never
 * reaches stays waiting, and one after a failure is not shown as pending forever once the run ended.
 */
export function ConversionSteps({ steps, ended }: { steps: readonly StepState[]; ended: boolean }) {
  const t = useTranslations('jobs');
  const stepName = useStepName();
  const known = new Set<string>(CONVERSION_STEPS);
  const names = [...CONVERSION_STEPS, ...steps.map((s) => s.name).filter((n) => !known.has(n))];
  return (
    <ol aria-label={t('stepsLabel')} className="space-y-2">
      {names.map((name) => {
        const step = steps.find((s) => s.name === name);
        const shown: Shown = step?.status ?? 'waiting';
        if (ended && !step) return null;
        return (
          <li key={name} data-testid="conversion-step" data-status={shown} className="flex items-start gap-2.5 text-sm">
            <span
              className={cn(
                'mt-0.5 grid size-5 shrink-0 place-items-center rounded-full',
                shown === 'ok' && 'bg-emerald-100 text-emerald-700',
                shown === 'fail' && 'bg-rose-100 text-rose-700',
                shown === 'running' && 'text-indigo-600',
                shown === 'waiting' && 'ring-1 ring-slate-300 ring-inset',
              )}
            >
              {shown === 'ok' ? (
                <CheckIcon className="size-3" />
              ) : shown === 'fail' ? (
                <CloseIcon className="size-3" />
              ) : shown === 'running' ? (
                <Spinner className="size-3.5" />
              ) : null}
            </span>
            <span className="min-w-0">
              <span className={cn('font-medium', shown === 'waiting' ? 'text-slate-500' : 'text-slate-800')}>
                {stepName(name)}
              </span>
              <span className="text-slate-500"> · {t(`stepStatus.${shown}`)}</span>
              {step?.error && <span className="block break-words text-rose-700">{step.error}</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
