'use client';

import { useRef, type KeyboardEvent, type ReactNode } from 'react';

interface TabListProps<T extends string, Tab extends { value: T }> {
  /** Names the tab list for screen readers. */
  label: string;
  tabs: readonly Tab[];
  value: T;
  onChange: (value: T) => void;
  /** The id of a tab, which names the panel while it is chosen. */
  tabId: (value: T) => string;
  /** Id of the panel the tabs show. */
  panelId: string;
  className: string;
  tabClassName: (active: boolean) => string;
  /** What a tab shows. */
  children: (tab: Tab, active: boolean) => ReactNode;
}

/**
 * WAI-ARIA tabs with automatic activation: one tab stop; arrow keys, Home and End move between the
 * tabs and show each one's panel.
 */
export function TabList<T extends string, Tab extends { value: T }>({
  label,
  tabs,
  value,
  onChange,
  tabId,
  panelId,
  className,
  tabClassName,
  children,
}: TabListProps<T, Tab>) {
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
    <div role="tablist" aria-label={label} onKeyDown={onKeyDown} className={className}>
      {tabs.map((t, i) => {
        const active = t.value === value;
        return (
          <button
            key={t.value}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={tabId(t.value)}
            aria-selected={active}
            aria-controls={panelId}
            tabIndex={active ? 0 : -1}
            onClick={() => onChange(t.value)}
            className={tabClassName(active)}
          >
            {children(t, active)}
          </button>
        );
      })}
    </div>
  );
}
