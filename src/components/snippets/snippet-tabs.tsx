'use client';

import { useId, useState, type KeyboardEvent } from 'react';
import { CodeBlock } from '@/components/ui/code-block';
import { cn } from '@/components/ui/cn';

export interface SnippetTab {
  id: string;
  /** The tab's name: a language or library, e.g. "curl", "Python · openai". */
  label: string;
  /** Above the code, e.g. "Shell". */
  caption?: string;
  /** The copy button's accessible name. */
  copyLabel: string;
  code: string;
}

/** Code samples one at a time behind a tablist (arrow keys move between tabs), each with a copy button. */
export function SnippetTabs({ tabs, tabsLabel, initial }: { tabs: SnippetTab[]; tabsLabel: string; initial?: string }) {
  const id = useId();
  const [current, setCurrent] = useState(initial ?? tabs[0]?.id ?? '');
  const shown = tabs.find((t) => t.id === current) ?? tabs[0];
  if (!shown) return null;

  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const at = tabs.findIndex((t) => t.id === shown.id);
    const next = tabs[(at + step + tabs.length) % tabs.length];
    if (!next) return;
    setCurrent(next.id);
    document.getElementById(`${id}-tab-${next.id}`)?.focus();
  };

  return (
    <div className="space-y-3">
      <div
        role="tablist"
        aria-label={tabsLabel}
        className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1"
        onKeyDown={onKey}
      >
        {tabs.map((t) => (
          <button
            key={t.id}
            id={`${id}-tab-${t.id}`}
            type="button"
            role="tab"
            aria-selected={t.id === shown.id}
            aria-controls={`${id}-panel`}
            tabIndex={t.id === shown.id ? 0 : -1}
            onClick={() => setCurrent(t.id)}
            className={cn(
              'snippet-tab',
              t.id === shown.id ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
            )}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${shown.id}`} data-snippet={shown.id}>
        <CodeBlock code={shown.code} title={shown.caption} copyLabel={shown.copyLabel} />
      </div>
    </div>
  );
}
