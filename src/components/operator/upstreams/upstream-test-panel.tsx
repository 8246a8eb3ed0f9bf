'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { trpc } from '@/trpc/react';
import { PlayIcon } from '@/components/icons';
import { ErrorAlert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import type { ErrorClass } from '@/server/upstreams/types';
import type { Upstream } from './upstreams';
import { VideoTestPanel } from './video-test-panel';

/** The test button: one smallest real request through the channel, its answer shown in place. */
export function UpstreamTestPanel({ u }: { u: Upstream }) {
  const t = useTranslations('operatorUpstreams.test');
  const [model, setModel] = useState(u.models[0]?.model ?? '');
  const run = trpc.admin.upstreamTest.useMutation();
  const result = run.data?.test;
  const chosen = u.models.find((m) => m.model === model) ?? u.models[0];
  return (
    <Card className="space-y-4 p-5" data-testid="channel-test">
      <div>
        <h2 className="text-base font-semibold text-slate-900">{t('title')}</h2>
        <p className="mt-1 text-sm text-slate-600">{t('body')}</p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        {u.models.length > 1 && (
          <label className="block min-w-56 space-y-1.5 text-sm font-medium text-slate-700">
            <span>{t('model')}</span>
            <Select value={model} onChange={(e) => setModel(e.target.value)}>
              {u.models.map((m) => (
                <option key={`${m.family}/${m.model}`} value={m.model}>
                  {m.family} · {m.model}
                </option>
              ))}
            </Select>
          </label>
        )}
        <Button onClick={() => run.mutate({ name: u.name, ...(model ? { model } : {}) })} disabled={run.isPending}>
          {run.isPending ? <Spinner className="size-4" /> : <PlayIcon className="size-4" />}
          {run.isPending ? t('running') : t('run')}
        </Button>
      </div>
      {run.error && <ErrorAlert>{t('failedToRun', { message: run.error.message })}</ErrorAlert>}
      {result && !run.isPending && (
        <div
          role="status"
          data-testid="channel-test-result"
          data-ok={result.ok}
          className={
            result.ok
              ? 'rounded-lg bg-emerald-50 p-4 ring-1 ring-emerald-200'
              : 'rounded-lg bg-rose-50 p-4 ring-1 ring-rose-200'
          }
        >
          <p className={result.ok ? 'font-medium text-emerald-900' : 'font-medium text-rose-900'}>
            {result.ok ? t('ok', { ms: result.latency_ms }) : t('failed', { ms: result.latency_ms })}
            {result.error_class && (
              <Badge tone="rose" className="ml-2 font-mono">
                {result.error_class}
              </Badge>
            )}
          </p>
          <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[8rem_1fr]">
            <dt className="text-slate-500">{t('call')}</dt>
            <dd className="font-mono text-xs break-all text-slate-800">
              {result.family} · {result.model} — {result.call}
            </dd>
            {result.sample !== null && (
              <>
                <dt className="text-slate-500">{t('sample')}</dt>
                <dd className="font-mono text-xs break-all text-slate-800">{result.sample}</dd>
              </>
            )}
            {result.error_class && (
              <>
                <dt className="text-slate-500">{t('meaning')}</dt>
                <dd className="text-sm text-slate-800" data-testid="channel-test-meaning">
                  {t(`classes.${result.error_class as ErrorClass}`)}
                </dd>
              </>
            )}
            {!result.ok && (
              <>
                <dt className="text-slate-500">{t('message')}</dt>
                <dd className="text-xs break-all text-slate-800">{result.message}</dd>
              </>
            )}
          </dl>
        </div>
      )}
      {chosen?.media.includes('video') && <VideoTestPanel key={chosen.model} name={u.name} model={chosen.model} />}
    </Card>
  );
}
