import Link from 'next/link';
import { ArrowLeftIcon } from '../icons';

/** Back to the template store (a given tab of it). */
export function TemplatesBackLink({ href = '/templates' }: { href?: string }) {
  return (
    <Link
      href={href}
      className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-slate-500 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <ArrowLeftIcon className="size-4" />
      Templates
    </Link>
  );
}
