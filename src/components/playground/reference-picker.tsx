'use client';

import { CheckIcon } from '../icons';
import { ImageIcon } from '../icons';
import { cn } from '../ui/cn';
import { checkerboard } from '../jobs/job-visual';
import type { Job } from '../jobs/job-model';

interface ReferencePickerProps {
  jobs: Job[];
  loading: boolean;
  selected: string[];
  onChange: (urls: string[]) => void;
  /** Shown under the thumbnails, e.g. that the chosen model ignores references. */
  warning?: string | null;
  max: number;
}

/** Earlier results of the tenant, toggled on and off as reference images (in click order). */
export function ReferencePicker({ jobs, loading, selected, onChange, warning, max }: ReferencePickerProps) {
  const usable = jobs.filter((j): j is Job & { cdn_url: string } => j.status === 'done' && !!j.cdn_url);
  const toggle = (url: string) =>
    onChange(selected.includes(url) ? selected.filter((u) => u !== url) : selected.length < max ? [...selected, url] : selected);

  return (
    <fieldset className="min-w-0">
      <legend className="flex w-full items-baseline justify-between gap-2 text-sm font-medium text-slate-700">
        <span>
          Reference images <span className="font-normal text-slate-400">(optional)</span>
        </span>
        {selected.length > 0 && (
          <button
            type="button"
            onClick={() => onChange([])}
            className="rounded text-xs font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            Clear {selected.length} selected
          </button>
        )}
      </legend>
      {loading ? (
        <div className="mt-2 grid grid-cols-4 gap-2 sm:grid-cols-6">
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} className="aspect-square animate-pulse rounded-lg bg-slate-100" />
          ))}
        </div>
      ) : usable.length === 0 ? (
        <div className="mt-2 flex items-center gap-3 rounded-lg border border-dashed border-slate-300 px-3 py-3 text-xs text-slate-500">
          <ImageIcon className="size-5 shrink-0 text-slate-300" />
          Finished images appear here, ready to guide a new generation.
        </div>
      ) : (
        <ul className="mt-2 grid grid-cols-4 gap-2 sm:grid-cols-6">
          {usable.map((job) => {
            const order = selected.indexOf(job.cdn_url);
            const on = order >= 0;
            return (
              <li key={job.id}>
                <button
                  type="button"
                  aria-pressed={on}
                  aria-label={`Use as reference: ${job.prompt}`}
                  title={job.prompt}
                  onClick={() => toggle(job.cdn_url)}
                  className={cn(
                    'group relative block aspect-square w-full overflow-hidden rounded-lg ring-1 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
                    on ? 'ring-2 ring-indigo-600' : 'ring-slate-200 hover:ring-slate-400',
                  )}
                  style={job.background === 'transparent' ? checkerboard : { backgroundColor: '#f1f5f9' }}
                >
                  {/* Thumbnails use the result file itself: Studio keeps no smaller renditions. */}
                  <img src={job.cdn_url} alt="" loading="lazy" decoding="async" className="size-full object-cover" />
                  {on && (
                    <span className="absolute top-1 right-1 grid size-5 place-items-center rounded-full bg-indigo-600 text-[11px] font-semibold text-white shadow">
                      {selected.length > 1 ? order + 1 : <CheckIcon className="size-3" />}
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {warning && <p className="mt-2 text-xs text-amber-700">{warning}</p>}
    </fieldset>
  );
}
