import { useTranslations } from 'next-intl';
import type { ComponentType, HTMLAttributes, ReactNode, SVGProps } from 'react';
import { UserIcon } from '@/components/icons';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';

const figureSizes = { md: 'text-3xl sm:text-4xl', lg: 'text-4xl', xl: 'text-5xl' } as const;

interface StatCardProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  title: ReactNode;
  titleId?: string;
  /** `brand`: white on indigo, for the one figure a page is about. */
  tone?: 'plain' | 'brand';
  /** The figure, large, under the heading. */
  figure?: ReactNode;
  figureTestId?: string;
  figureSize?: keyof typeof figureSizes;
  /** A sentence under the figure. */
  note?: ReactNode;
}

/** A card led by an icon and a small heading: a figure and a sentence, or whatever `children` add. */
export function StatCard({
  icon: Icon,
  title,
  titleId,
  tone = 'plain',
  figure,
  figureTestId,
  figureSize = 'lg',
  note,
  className,
  children,
  ...props
}: StatCardProps) {
  const brand = tone === 'brand';
  return (
    <Card
      className={cn(
        'p-5 sm:p-6',
        brand &&
          'relative overflow-hidden bg-linear-to-br from-indigo-600 via-indigo-600 to-violet-600 text-white ring-indigo-700/30',
        className,
      )}
      {...props}
    >
      <div className={cn('flex items-center gap-2 text-sm font-medium', brand ? 'text-indigo-100' : 'text-slate-500')}>
        <Icon className={cn('size-4', !brand && 'text-indigo-500')} />
        <h2 id={titleId}>{title}</h2>
      </div>
      {figure !== undefined && (
        <p
          className={cn(
            'mt-3 font-semibold tracking-tight [overflow-wrap:anywhere] tabular-nums',
            figureSizes[figureSize],
          )}
          data-testid={figureTestId}
        >
          {figure}
        </p>
      )}
      {note && <p className={cn('mt-2 text-sm', brand ? 'text-indigo-100' : 'text-slate-500')}>{note}</p>}
      {children}
    </Card>
  );
}

interface SignedInCardProps {
  email: string;
  /** What kind of account it is. */
  role: string;
  /** Beside the role. */
  aside?: string;
  /** Under the role. */
  note?: string;
  className?: string;
}

/** Who is signed in, and as what. */
export function SignedInCard({ email, role, aside, note, className }: SignedInCardProps) {
  const t = useTranslations('overview');
  return (
    <StatCard icon={UserIcon} title={t('signedInAs')} className={className}>
      <p className="mt-3 truncate text-base font-semibold text-slate-900" title={email}>
        {email}
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <Badge tone="indigo">{role}</Badge>
        {aside && <span className="text-sm text-slate-500">{aside}</span>}
      </div>
      {note && <p className="mt-3 text-sm text-slate-500">{note}</p>}
    </StatCard>
  );
}
