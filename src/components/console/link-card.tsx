import Link from 'next/link';
import type { ComponentType, SVGProps } from 'react';
import { ArrowRightIcon, ExternalIcon } from '@/components/icons';
import { cn } from '@/components/ui/cn';

interface LinkCardProps {
  href: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  title: string;
  detail: string;
  /** Opens in a new tab (a document outside the console). */
  external?: boolean;
  /** A card of its own (in a grid), rather than a row in a card. */
  framed?: boolean;
}

/** A link as a row: an icon tile, a title with a line of detail, and an arrow. */
export function LinkCard({ href, icon: Icon, title, detail, external = false, framed = false }: LinkCardProps) {
  const classes = cn(
    'group flex items-center gap-3 rounded-xl hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600',
    framed ? 'h-full bg-white p-3 shadow-sm ring-1 ring-slate-200/80' : '-mx-2 p-2',
  );
  const body = (
    <>
      <span
        className={
          'grid size-10 shrink-0 place-items-center rounded-lg bg-slate-50 text-slate-500 ring-1 ring-inset ' +
          'ring-slate-200 transition-colors group-hover:bg-indigo-50 group-hover:text-indigo-600 ' +
          'group-hover:ring-indigo-200'
        }
      >
        <Icon className="size-5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-semibold text-slate-900">{title}</span>
        <span className="block text-sm text-slate-500">{detail}</span>
      </span>
      {external ? (
        <ExternalIcon className="size-4 shrink-0 text-slate-400 group-hover:text-indigo-600" />
      ) : (
        <ArrowRightIcon className="size-4 shrink-0 text-slate-400 group-hover:text-indigo-600" />
      )}
    </>
  );
  return external ? (
    <a href={href} className={classes} target="_blank" rel="noreferrer">
      {body}
    </a>
  ) : (
    <Link href={href} className={classes}>
      {body}
    </Link>
  );
}
