'use client';

import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { TEMPLATE_VARIABLE_NAMES, type TemplateVariable } from '@/contracts/image-template';
import { trpc } from '@/trpc/react';
import { formatNumber } from '../console/format';
import { PageHeader } from '../console/page-header';
import { CoinsIcon } from '../icons';
import { ErrorAlert } from '../ui/alert';
import { Button } from '../ui/button';
import { Card, CardBody } from '../ui/card';
import { Spinner } from '../ui/spinner';
import { SingleImagePicker, type PickedImage } from '../uploads/single-image-picker';
import { BackgroundRun } from './background-run';
import { ConversionResult } from './conversion-result';
import { useConversion } from './use-conversion';
import { VariablesPicker } from './variables-picker';

const TEXT = {
  eyebrow: 'Workspace',
  title: 'Image to template',
  description: 'Turn a poster or any image with text into a reusable template: its texts become fields, the rest of the picture its prompt.',
  legend: 'Image to convert',
  hint: 'Pick one of your uploaded images, or upload (or drop) a new one.',
  pick: (name: string) => `Convert ${name}`,
  convert: 'Convert',
  converting: 'Converting…',
  background: 'Convert in the background',
  starting: 'Starting…',
  backgroundHint: 'In the background, Studio also creates the template with the checked variables; you can leave the page.',
  price: (n: number) => `${formatNumber(n)} credit${n === 1 ? '' : 's'} per conversion`,
  balance: 'Balance',
  pickFirst: 'Pick or upload an image first.',
  credits: (price: number, balance: string) => `A conversion costs ${formatNumber(price)} credits and the balance is ${balance}.`,
} as const;

/** The Image to template page: one uploaded image, converted now (and shaped here) or in the background. */
export function ConvertView({ price, jobId: initialJob }: { price: number; jobId: string | null }) {
  const priceId = useId();
  const router = useRouter();
  const me = trpc.session.me.useQuery();
  const [image, setImage] = useState<PickedImage | null>(null);
  const [allowed, setAllowed] = useState<Set<TemplateVariable>>(() => new Set(TEMPLATE_VARIABLE_NAMES));
  const [jobId, setJobId] = useState(initialJob);
  const { conversion, error, pending, convert, convertInBackground } = useConversion();
  const balance = me.data ? formatNumber(me.data.tenant.credits) : '…';
  const variables = TEMPLATE_VARIABLE_NAMES.filter((v) => allowed.has(v));

  const now = () => {
    if (image) void convert(image.url, variables);
  };
  const background = async () => {
    if (!image) return;
    const id = await convertInBackground(image.url, variables);
    if (!id) return;
    setJobId(id);
    router.replace(`/convert?job=${id}`, { scroll: false });
  };

  return (
    <div className="space-y-6">
      <PageHeader eyebrow={TEXT.eyebrow} title={TEXT.title} description={TEXT.description} />
      <Card className="min-w-0">
        <CardBody className="space-y-5">
          <SingleImagePicker legend={TEXT.legend} hint={TEXT.hint} pickLabel={TEXT.pick} selected={image} onChange={setImage} disabled={pending !== null} />
          <VariablesPicker allowed={allowed} onChange={setAllowed} disabled={pending !== null} />
          <div className="space-y-2">
            <div className="grid gap-2 sm:flex sm:flex-wrap sm:items-center sm:gap-3">
              <Button onClick={now} disabled={!image || pending !== null} aria-describedby={priceId} className="w-full sm:w-auto">
                {pending === 'now' && <Spinner />}
                {pending === 'now' ? TEXT.converting : TEXT.convert}
              </Button>
              <Button variant="secondary" onClick={() => void background()} disabled={!image || pending !== null} aria-describedby={priceId} className="w-full sm:w-auto">
                {pending === 'background' && <Spinner />}
                {pending === 'background' ? TEXT.starting : TEXT.background}
              </Button>
            </div>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-500">
              <span id={priceId} data-testid="convert-price">
                {TEXT.price(price)}
              </span>
              <span className="flex items-center gap-1">
                {TEXT.balance}
                <CoinsIcon className="size-4 text-indigo-500" />
                <span className="font-semibold text-slate-900 tabular-nums" data-testid="convert-balance">
                  {balance}
                </span>
              </span>
            </div>
            <p className="text-xs text-slate-500">{image ? TEXT.backgroundHint : TEXT.pickFirst}</p>
          </div>
          {error && (
            <ErrorAlert data-testid="convert-error" className="break-words">
              <p>{error.message}</p>
              {error.credits && <p className="mt-1">{TEXT.credits(price, balance)}</p>}
            </ErrorAlert>
          )}
        </CardBody>
      </Card>
      {jobId && <BackgroundRun key={jobId} jobId={jobId} />}
      {conversion && <ConversionResult key={conversion.run} image={conversion.image} answer={conversion.answer} />}
    </div>
  );
}
