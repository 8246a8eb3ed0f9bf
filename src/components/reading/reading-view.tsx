'use client';

import { useId, useState } from 'react';
import { trpc } from '@/trpc/react';
import { formatNumber } from '../console/format';
import { PageHeader } from '../console/page-header';
import { CoinsIcon } from '../icons';
import { ErrorAlert } from '../ui/alert';
import { Button } from '../ui/button';
import { Card, CardBody } from '../ui/card';
import { Spinner } from '../ui/spinner';
import { ReadingResult } from './reading-result';
import { UploadPicker, type PickedImage } from './upload-picker';
import { useReading } from './use-reading';

const TEXT = {
  eyebrow: 'Workspace',
  title: 'Image reading',
  description: 'Read an image into its subject, composition, light and style, with prompts to make a similar one.',
  read: 'Read image',
  reading: 'Reading…',
  price: (n: number) => `${formatNumber(n)} credit${n === 1 ? '' : 's'} per reading`,
  balance: 'Balance',
  pickFirst: 'Pick or upload an image first.',
} as const;

/** The Image reading page: one uploaded image, read into its parts and prompts for a similar image. */
export function ReadingView({ price }: { price: number }) {
  const priceId = useId();
  const me = trpc.session.me.useQuery();
  const [image, setImage] = useState<PickedImage | null>(null);
  const { reading, error, pending, read } = useReading();

  return (
    <div className="space-y-6">
      <PageHeader eyebrow={TEXT.eyebrow} title={TEXT.title} description={TEXT.description} />
      <Card className="min-w-0">
        <CardBody className="space-y-4">
          <UploadPicker selected={image} onChange={setImage} disabled={pending} />
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <Button onClick={() => image && void read(image.url)} disabled={!image || pending} aria-describedby={priceId}>
              {pending && <Spinner />}
              {pending ? TEXT.reading : TEXT.read}
            </Button>
            <span id={priceId} className="text-sm text-slate-500" data-testid="reading-price">
              {TEXT.price(price)}
            </span>
            <span className="flex items-center gap-1 text-sm text-slate-500">
              {TEXT.balance}
              <CoinsIcon className="size-4 text-indigo-500" />
              <span className="font-semibold text-slate-900 tabular-nums" data-testid="reading-balance">
                {me.data ? formatNumber(me.data.tenant.credits) : '…'}
              </span>
            </span>
          </div>
          {!image && !reading && <p className="text-xs text-slate-500">{TEXT.pickFirst}</p>}
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
