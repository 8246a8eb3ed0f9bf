'use client';

import { useRef, type ComponentType, type KeyboardEvent, type SVGProps } from 'react';
import { cn } from '../ui/cn';

export interface SourceTab<T extends string> {
  value: T;
  label: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
}

interface SourceTabsProps<T extends string> {
  /** Names the tab list for screen readers. */
  label: string;
  tabs: SourceTab<T>[];
  value: T;
  onChange: (value: T) => void;
  /** Id of the panel the tabs show. */
  panelId: string;
  idPrefix: string;
}

/**
 * Tabs in a segmented look (WAI-ARIA tabs with automatic activation): one tab stop, arrow keys,
 * Home and End move between the tabs and show each one's panel.
 */
export function SourceTabs<T extends string>({ label, tabs, value, onChange, panelId, idPrefix }: SourceTabsProps<T>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const at = tabs.findIndex((t) => t.value === value);
    let next: number | null = null;
    if (e.key === 'ArrowRight') next = (at + 1) % tabs.length;
    else if (e.key === 'ArrowLeft') next = (at - 1 + tabs.length) % tabs.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = tabs.length - 1;
    const tab = next === null ? undefined : tabs[next];
    if (next === null || !tab) return;
    e.preventDefault();
    onChange(tab.value);
    refs.current[next]?.focus();
  }

  return (
    <div
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      className="flex w-full gap-1 rounded-xl bg-slate-100 p-1 ring-1 ring-slate-200/70 ring-inset"
    >
      {tabs.map((t, i) => {
        const active = t.value === value;
        const Icon = t.icon;
        return (
          <button
            key={t.value}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${t.value}`}
            aria-selected={active}
            aria-controls={panelId}
            tabIndex={active ? 0 : -1}
            onClick={() => onChange(t.value)}
            className={cn(
              'flex h-9 min-w-0 flex-1 items-center justify-center gap-1.5 rounded-lg px-2 text-sm font-medium whitespace-nowrap transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600',
              active ? 'bg-white text-slate-900 shadow-sm ring-1 ring-slate-200' : 'text-slate-600 hover:text-slate-900',
            )}
          >
            <Icon className={cn('size-4 shrink-0', active ? 'text-indigo-600' : 'text-slate-400')} />
            {t.label}
          </button>
        );
      })}
    </div>
  );
}
