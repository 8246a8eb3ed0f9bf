'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { trpc } from '@/trpc/react';
import { PageHeader } from '@/components/console/page-header';
import { CoinsIcon } from '@/components/icons';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardBody } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ReadingResult } from './reading-result';
import { UploadPicker, type PickedImage } from './upload-picker';
import { useReading } from './use-reading';

/** The Image reading page: one uploaded image, read into its parts and prompts for a similar image. */
export function ReadingView({ price }: { price: number }) {
  const t = useTranslations('reading');
  const format = useFormatter();
  const priceId = useId();
  const me = trpc.session.me.useQuery();
  const [image, setImage] = useState<PickedImage | null>(null);
  const { reading, error, pending, read } = useReading();

  return (
    <div className="space-y-6">
      <PageHeader eyebrow={t('eyebrow')} title={t('title')} description={t('description')} />
      <Card className="min-w-0">
        <CardBody className="space-y-4">
          <UploadPicker selected={image} onChange={setImage} disabled={pending} />
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <Button
              onClick={() => image && void read(image.url)}
              disabled={!image || pending}
              aria-describedby={priceId}
            >
              {pending && <Spinner />}
              {pending ? t('reading') : t('read')}
            </Button>
            <span id={priceId} className="text-sm text-slate-500" data-testid="reading-price">
              {t('price', { price, amount: format.number(price, 'credits') })}
            </span>
            <span className="flex items-center gap-1 text-sm text-slate-500">
              {t('balance')}
              <CoinsIcon className="size-4 text-indigo-500" />
              <span className="font-semibold text-slate-900 tabular-nums" data-testid="reading-balance">
                {me.data ? format.number(me.data.tenant.credits, 'credits') : '…'}
              </span>
            </span>
          </div>
          {!image && !reading && <p className="text-xs text-slate-500">{t('pickFirst')}</p>}
          {error && (
            <ErrorAlert data-testid="reading-error" className="break-words">
              {error}
            </ErrorAlert>
          )}
        </CardBody>
      </Card>
      {reading && <ReadingResult image={reading.image} reading={reading.result} />}
    </div>
  );
}
