import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';

export interface Column {
  label: string;
  /** Numbers: the heading stands over the right end of their cells. */
  right?: boolean;
  /** More on the column, shown on hover. */
  title?: string;
}

interface OperatorTableProps {
  caption: string;
  testId: string;
  /** The width below which the table scrolls sideways (a Tailwind class). */
  minWidth: string;
  columns: (string | Column)[];
  /** The name of the last column, for screen readers only: its cells hold a button. */
  actions: string;
  className?: string;
  /** The rows. */
  children: ReactNode;
}

/**
 * The last column (a row's buttons) stays at the right edge while a narrow screen scrolls the table
 * sideways, so a row's action is never out of sight; its edge shadow shows what scrolls beneath.
 */
const STICKY_ACTIONS = cn(
  '[&_td:last-child]:sticky [&_td:last-child]:right-0 [&_td:last-child]:bg-white [&_td:last-child]:pl-3',
  '[&_th:last-child]:sticky [&_th:last-child]:right-0 [&_th:last-child]:bg-slate-50',
  'max-xl:[&_td:last-child:not(:empty)]:shadow-[-10px_0_10px_-10px_rgb(15_23_42/0.25)]',
);

/** A table of the operator area on a card: its headings, then one row per item. */
export function OperatorTable({
  caption,
  testId,
  minWidth,
  columns,
  actions,
  className,
  children,
}: OperatorTableProps) {
  return (
    <Card className={cn('overflow-hidden', className)}>
      <div className="relative overflow-x-auto">
        <table className={cn('w-full text-left text-sm', STICKY_ACTIONS, minWidth)} data-testid={testId}>
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-slate-200 bg-slate-50/80 text-xs text-slate-500">
            <tr>
              {columns.map((column, i) => {
                const { label, right, title } = typeof column === 'string' ? { label: column } : column;
                return (
                  <Th key={label} title={title} className={cn(i === 0 && 'pl-5', right && 'text-right')}>
                    {label}
                  </Th>
                );
              })}
              <Th className="pr-5">
                <span className="sr-only">{actions}</span>
              </Th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">{children}</tbody>
        </table>
      </div>
    </Card>
  );
}

function Th({ children, className, title }: { children: ReactNode; className?: string; title?: string }) {
  return (
    <th scope="col" title={title} className={cn('py-2.5 pr-3 font-medium whitespace-nowrap', className)}>
      {children}
    </th>
  );
}
