import { CONVERSION_STEPS } from '@/contracts/image-template';
import { CheckIcon, CloseIcon } from '../icons';
import { cn } from '../ui/cn';
import { Spinner } from '../ui/spinner';

const TEXT = {
  steps: 'Steps',
  status: { ok: 'done', fail: 'failed', running: 'running', waiting: 'waiting' },
  names: {
    'receive image': 'Receive the image',
    'parse image': 'Read the image',
    'extract text layers': 'Find the texts',
    'create template': 'Create the template',
  },
} as const;

export interface StepState {
  name: string;
  status: 'running' | 'ok' | 'fail';
  error?: string | undefined;
}

type Shown = keyof typeof TEXT.status;

/**
 * A conversion's steps in their order, each waiting, running, done or failed; a step the run never
 * reaches stays waiting, and one after a failure is not shown as pending forever once the run ended.
 */
export function ConversionSteps({ steps, ended }: { steps: readonly StepState[]; ended: boolean }) {
  const known = new Set<string>(CONVERSION_STEPS);
  const names = [...CONVERSION_STEPS, ...steps.map((s) => s.name).filter((n) => !known.has(n))];
  return (
    <ol aria-label={TEXT.steps} className="space-y-2">
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
              {shown === 'ok' ? <CheckIcon className="size-3" /> : shown === 'fail' ? <CloseIcon className="size-3" /> : shown === 'running' ? <Spinner className="size-3.5" /> : null}
            </span>
            <span className="min-w-0">
              <span className={cn('font-medium', shown === 'waiting' ? 'text-slate-400' : 'text-slate-800')}>
                {TEXT.names[name as keyof typeof TEXT.names] ?? name}
              </span>
              <span className="text-slate-500"> · {TEXT.status[shown]}</span>
              {step?.error && <span className="block break-words text-rose-700">{step.error}</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
