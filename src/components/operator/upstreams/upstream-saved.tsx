'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import type { Upstream } from './upstreams';
import { channelHref } from './paths';
import { UpstreamTestPanel } from './upstream-test-panel';

/** A channel just added: the test request offered at once, and the way to its page. */
export function UpstreamSaved({ u }: { u: Upstream }) {
  const t = useTranslations('operatorUpstreams');
  return (
    <div className="space-y-4" data-testid="channel-saved">
      <Card className="flex flex-wrap items-center justify-between gap-3 p-5">
        <div className="min-w-0">
          <h2 role="status" className="text-base font-semibold break-all text-emerald-800">
            {t('form.savedTitle', { name: u.name })}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t('form.savedBody')}</p>
        </div>
        <Link href={channelHref(u.name)} className={buttonClasses('secondary')}>
          {t('form.openChannel')}
        </Link>
      </Card>
      <UpstreamTestPanel u={u} />
    </div>
  );
}
