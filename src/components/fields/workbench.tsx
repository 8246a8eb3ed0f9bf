'use client';

import type { BaseSyntheticEvent, ComponentType, ReactNode, Ref, SVGProps } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslations } from 'next-intl';
import { Card } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { PageHeader } from '@/components/console/page-header';

interface WorkbenchProps<TValues extends FieldValues, TOutput> {
  eyebrow: string;
  title: string;
  description: string;
  form: UseFormReturn<TValues, unknown, TOutput>;
  onSubmit: (e?: BaseSyntheticEvent) => void;
  /** Marks the form busy while it is on its way. */
  busy?: boolean;
  /** What the form made, beside it on wide screens and under it on narrow ones. */
  results: ReactNode;
  /** The form's inputs and submit bar. */
  children: ReactNode;
}

/** A page that makes something: the form in a card that stays in view, the results beside it. */
export function Workbench<TValues extends FieldValues, TOutput>({
  eyebrow,
  title,
  description,
  form,
  onSubmit,
  busy,
  results,
  children,
}: WorkbenchProps<TValues, TOutput>) {
  return (
    <div className="space-y-8">
      <PageHeader eyebrow={eyebrow} title={title} description={description} />

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,25rem)_minmax(0,1fr)] xl:grid-cols-[minmax(0,28rem)_minmax(0,1fr)]">
        <Card className="lg:sticky lg:top-6">
          <Form {...form}>
            <form onSubmit={onSubmit} className="space-y-6 p-5 sm:p-6" noValidate aria-busy={busy}>
              {children}
            </form>
          </Form>
        </Card>

        {results}
      </div>
    </div>
  );
}

interface ResultsColumnProps<T> {
  /** Names the column for screen readers. */
  label: string;
  ref?: Ref<HTMLElement> | undefined;
  /** The newest result, or what stands in for it. */
  children: ReactNode;
  /** The earlier results of this visit, listed under the newest. */
  earlier: readonly T[];
  keyOf: (item: T) => string;
  renderEarlier: (item: T) => ReactNode;
  /** The layout of the earlier list (a column, a grid of thumbnails). */
  earlierClassName: string;
}

/** The results of a workbench: the newest in full, then the earlier ones of this visit. */
export function ResultsColumn<T>({
  label,
  ref,
  children,
  earlier,
  keyOf,
  renderEarlier,
  earlierClassName,
}: ResultsColumnProps<T>) {
  const t = useTranslations('fields');
  return (
    <section ref={ref} aria-label={label} className="min-w-0 scroll-mt-20 space-y-6">
      {children}
      {earlier.length > 0 && (
        <div>
          <h2 className="mb-3 text-sm font-semibold text-slate-900">{t('earlier')}</h2>
          <ul className={earlierClassName}>
            {earlier.map((item) => (
              <li key={keyOf(item)}>{renderEarlier(item)}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

interface EmptyResultProps {
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  title: string;
  /** How to get a first result. */
  children: ReactNode;
}

/** Where the first result of a visit will appear, and how to get it. */
export function EmptyResult({ icon: Icon, title, children }: EmptyResultProps) {
  return (
    <div className="grid min-h-80 place-items-center rounded-2xl border-2 border-dashed border-slate-200 bg-white/60 px-6 py-12 text-center">
      <div className="flex max-w-sm flex-col items-center">
        <span className="grid size-12 place-items-center rounded-xl bg-indigo-50 text-indigo-600 ring-1 ring-indigo-100">
          <Icon className="size-6" />
        </span>
        <h2 className="mt-4 text-base font-semibold text-slate-900">{title}</h2>
        <p className="mt-1 text-sm text-balance text-slate-500">{children}</p>
      </div>
    </div>
  );
}
