'use client';

import type { ComponentType, SVGProps } from 'react';
import { cn } from '@/components/ui/cn';
import { TabList } from '@/components/fields/tab-list';

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

/** Tabs in a segmented look, each with its icon. */
export function SourceTabs<T extends string>({ label, tabs, value, onChange, panelId, idPrefix }: SourceTabsProps<T>) {
  return (
    <TabList
      label={label}
      tabs={tabs}
      value={value}
      onChange={onChange}
      tabId={(v) => `${idPrefix}-tab-${v}`}
      panelId={panelId}
      className="flex w-full gap-1 rounded-xl bg-slate-100 p-1 ring-1 ring-slate-200/70 ring-inset"
      tabClassName={(active) =>
        cn(
          'flex h-9 min-w-0 flex-1 items-center justify-center gap-1.5 rounded-lg px-2 text-sm font-medium whitespace-nowrap transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600',
          active ? 'bg-white text-slate-900 shadow-sm ring-1 ring-slate-200' : 'text-slate-600 hover:text-slate-900',
        )
      }
    >
      {(t, active) => (
        <>
          <t.icon className={cn('size-4 shrink-0', active ? 'text-indigo-600' : 'text-slate-400')} />
          {t.label}
        </>
      )}
    </TabList>
  );
}
