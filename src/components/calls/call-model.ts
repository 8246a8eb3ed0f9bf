import type { RouterInputs, RouterOutputs } from '@/trpc/react';

/** One call as the log lists it. */
export type Call = RouterOutputs['calls']['list']['calls'][number];
/** The log's filters, as the list and the export take them. */
export type CallQuery = RouterInputs['calls']['export'];

export const CALL_KINDS = ['image', 'batch', 'video', 'chat', 'article', 'reading', 'image-template'] as const;
export const CALL_STATUSES = ['pending', 'done', 'failed', 'refused'] as const;

/** The filters without the empty ones (an empty field means "any"). */
export function activeFilters(f: Record<string, string>): CallQuery {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(f)) if (v.trim() !== '') out[k] = v.trim();
  return out;
}

/** Saves text as a file in the browser (the CSV export). */
export function saveFile(name: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
