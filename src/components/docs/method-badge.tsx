import { useTranslations } from 'next-intl';
import { cn } from '@/components/ui/cn';
import type { Method } from './openapi-model';

const methodTone: Record<Method, string> = {
  get: 'bg-emerald-50 text-emerald-700 ring-emerald-600/25',
  post: 'bg-indigo-50 text-indigo-700 ring-indigo-600/25',
  put: 'bg-amber-50 text-amber-800 ring-amber-600/25',
  patch: 'bg-amber-50 text-amber-800 ring-amber-600/25',
  delete: 'bg-rose-50 text-rose-700 ring-rose-600/25',
};

/** An HTTP method as a coloured tag; screen readers hear it as "GET request" in the page's language. */
export function MethodBadge({ method, className }: { method: Method; className?: string }) {
  const t = useTranslations('docs.endpoint');
  return (
    <span className={cn('method-badge', methodTone[method], className)}>
      <span aria-hidden="true">{method}</span>
      <span className="sr-only">{t('method', { method: method.toUpperCase() })}</span>
    </span>
  );
}
