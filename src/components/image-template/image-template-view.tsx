'use client';

import { useRouter } from 'next/navigation';
import { useFormatter, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { TEMPLATE_VARIABLE_NAMES, type TemplateVariable } from '@/contracts/image-template';
import { trpc } from '@/trpc/react';
import { PageHeader } from '@/components/console/page-header';
import { CoinsIcon } from '@/components/icons';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardBody } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { SingleImagePicker, type PickedImage } from '@/components/uploads/single-image-picker';
import { BackgroundRun } from './background-run';
import { ConversionResult } from './conversion-result';
import { useConversion } from './use-conversion';
import { VariablesPicker } from './variables-picker';

/** The Image to template page: one uploaded image, converted now (and shaped here) or in the background. */
export function ImageTemplateView({ price, jobId: initialJob }: { price: number; jobId: string | null }) {
  const t = useTranslations('imageTemplate');
  const format = useFormatter();
  const priceId = useId();
  const router = useRouter();
  const me = trpc.session.me.useQuery();
  const [image, setImage] = useState<PickedImage | null>(null);
  const [allowed, setAllowed] = useState<Set<TemplateVariable>>(() => new Set(TEMPLATE_VARIABLE_NAMES));
  const [jobId, setJobId] = useState(initialJob);
  const { conversion, error, pending, convert, convertInBackground } = useConversion();
  const balance = me.data ? format.number(me.data.tenant.credits, 'credits') : '…';
  const variables = TEMPLATE_VARIABLE_NAMES.filter((v) => allowed.has(v));

  const now = () => {
    if (image) void convert(image.url, variables);
  };
  const background = async () => {
    if (!image) return;
    const id = await convertInBackground(image.url, variables);
    if (!id) return;
    setJobId(id);
    router.replace(`/image-template?job=${id}`, { scroll: false });
  };

  return (
    <div className="space-y-6">
      <PageHeader eyebrow={t('eyebrow')} title={t('title')} description={t('description')} />
      <Card className="min-w-0">
        <CardBody className="space-y-5">
          <SingleImagePicker
            legend={t('legend')}
            hint={t('hint')}
            pickLabel={(name) => t('pick', { name })}
            selected={image}
            onChange={setImage}
            disabled={pending !== null}
          />
          <VariablesPicker allowed={allowed} onChange={setAllowed} disabled={pending !== null} />
          <div className="space-y-2">
            <div className="grid gap-2 sm:flex sm:flex-wrap sm:items-center sm:gap-3">
              <Button
                onClick={now}
                disabled={!image || pending !== null}
                aria-describedby={priceId}
                className="w-full sm:w-auto"
              >
                {pending === 'now' && <Spinner />}
                {pending === 'now' ? t('converting') : t('convert')}
              </Button>
              <Button
                variant="secondary"
                onClick={() => void background()}
                disabled={!image || pending !== null}
                aria-describedby={priceId}
                className="w-full sm:w-auto"
              >
                {pending === 'background' && <Spinner />}
                {pending === 'background' ? t('starting') : t('background')}
              </Button>
            </div>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-500">
              <span id={priceId} data-testid="convert-price">
                {t('price', { price, amount: format.number(price, 'credits') })}
              </span>
              <span className="flex items-center gap-1">
                {t('balance')}
                <CoinsIcon className="size-4 text-indigo-500" />
                <span className="font-semibold text-slate-900 tabular-nums" data-testid="convert-balance">
                  {balance}
                </span>
              </span>
            </div>
            <p className="text-xs text-slate-500">{image ? t('backgroundHint') : t('pickFirst')}</p>
          </div>
          {error && (
            <ErrorAlert data-testid="convert-error" className="break-words">
              <p>{error.message}</p>
              {error.credits && (
                <p className="mt-1">{t('credits', { price, amount: format.number(price, 'credits'), balance })}</p>
              )}
            </ErrorAlert>
          )}
        </CardBody>
      </Card>
      {jobId && <BackgroundRun key={jobId} jobId={jobId} />}
      {conversion && <ConversionResult key={conversion.run} image={conversion.image} answer={conversion.answer} />}
    </div>
  );
}
