import { useTranslations } from 'next-intl';
import { BeakerIcon } from '@/components/icons';
import { cn } from '@/components/ui/cn';

/**
 * Says plainly that results come from the bundled simulator, not a real provider, in the reader's terms: the
 * operator learns how to connect providers, a tenant that its operator has not yet, a buyer that it is a demo.
 */
export function SimulatedBanner({
  className,
  audience = 'tenant',
}: {
  className?: string;
  audience?: 'tenant' | 'buyer' | 'operator';
}) {
  const t = useTranslations('shell.simulated');
  return (
    <div
      role="note"
      aria-label={t('label')}
      data-testid="simulated-banner"
      className={cn('border-b border-amber-200/80 bg-amber-50 text-amber-900', className)}
    >
      <p
        className={cn(
          'mx-auto flex items-start gap-2 px-4 py-2 text-xs leading-5 sm:items-center sm:px-6',
          audience === 'operator' ? 'max-w-7xl' : 'max-w-6xl lg:px-10',
        )}
      >
        <BeakerIcon className="mt-0.5 size-4 shrink-0 text-amber-600 sm:mt-0" />
        <span>
          {t.rich('text', {
            audience,
            strong: (chunks) => <span className="font-semibold">{chunks}</span>,
            code: (chunks) => (
              <code className="rounded bg-amber-100 px-1 py-px font-mono text-[11px] text-amber-900">{chunks}</code>
            ),
          })}
        </span>
      </p>
    </div>
  );
}
