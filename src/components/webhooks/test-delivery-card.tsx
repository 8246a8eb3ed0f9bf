'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { BeakerIcon } from '@/components/icons';
import { useJobTimes } from '@/components/jobs/job-times';
import { useErrorText } from '@/components/console/use-error-text';
import { ErrorAlert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { trpc } from '@/trpc/react';
import { STATE_TONES } from './state-badge';

/** Sends a signed `webhook.test` event to a URL (or the last callback_url) and shows the receiver's answer. */
export function TestDeliveryCard({ onSent }: { onSent: () => void }) {
  const t = useTranslations('webhooks.test');
  const errorText = useErrorText();
  const times = useJobTimes();
  const [url, setUrl] = useState('');
  const send = trpc.callbacks.test.useMutation({ onSuccess: onSent });
  const id = useId();
  const answer = send.data;

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = url.trim();
    send.mutate(trimmed ? { url: trimmed } : {});
  }

  return (
    <Card data-testid="webhook-test">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <BeakerIcon className="size-4 text-indigo-600" />
          {t('title')}
        </CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardBody>
        <form onSubmit={submit} className="space-y-3" noValidate>
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-url`}>{t('url')}</Label>
            <Input
              id={`${id}-url`}
              type="url"
              inputMode="url"
              value={url}
              placeholder={t('placeholder')}
              onChange={(e) => setUrl(e.target.value)}
              aria-describedby={`${id}-hint`}
              aria-invalid={send.isError || undefined}
            />
            <p id={`${id}-hint`} className="text-xs text-slate-500">
              {t('hint')}
            </p>
          </div>
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? t('sending') : t('send')}
          </Button>
        </form>
        {send.isError && <ErrorAlert className="mt-3">{errorText(send.error)}</ErrorAlert>}
        {answer && !send.isPending && !send.isError && (
          <div
            role="status"
            className="mt-3 space-y-1 rounded-lg bg-slate-50 px-3 py-2 text-sm"
            data-testid="test-result"
          >
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={STATE_TONES[answer.state]}>{t('result', { state: answer.state })}</Badge>
              <span className="text-slate-600 tabular-nums">
                {answer.status_code === null
                  ? t('noStatus', { duration: times.elapsed(answer.duration_ms) })
                  : t('details', { status: answer.status_code, duration: times.elapsed(answer.duration_ms) })}
              </span>
            </div>
            <p className="font-mono text-xs break-all text-slate-500">{answer.url}</p>
            {answer.error && <p className="text-slate-600">{answer.error}</p>}
          </div>
        )}
      </CardBody>
    </Card>
  );
}
