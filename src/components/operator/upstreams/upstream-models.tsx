'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import type { Upstream } from './upstreams';

/** A capability as a short token: flags by name, ranges and lists by their values. */
function capabilityTokens(caps: Record<string, unknown>): string[] {
  return Object.entries(caps).flatMap(([key, value]) => {
    if (value === false) return [];
    if (value === true) return [key];
    if (Array.isArray(value)) return value.length === 0 ? [] : [`${key}: ${value.join('/')}`];
    if (value && typeof value === 'object' && 'min' in value && 'max' in value)
      return [`${key}: ${String(value.min)}–${String(value.max)}`];
    // A rule such as the sizes a model takes: each bound by name.
    if (value && typeof value === 'object')
      return [
        `${key}: ${Object.entries(value)
          .map(([k, v]) => `${k} ${String(v)}`)
          .join(', ')}`,
      ];
    return [`${key}: ${String(value)}`];
  });
}

/** Every model of a channel: what callers ask for, the provider's id, media, cost and capabilities. */
export function UpstreamModels({ u }: { u: Upstream }) {
  const t = useTranslations('operatorUpstreams.modelsTable');
  const format = useFormatter();
  return (
    <div className="overflow-x-auto rounded-xl bg-white ring-1 ring-slate-200">
      <table className="w-full min-w-[40rem] text-left text-sm" data-testid="channel-models">
        <caption className="sr-only">{t('caption', { name: u.name })}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-medium text-slate-500">
          <tr>
            <th scope="col" className="py-2 pr-3 pl-4">
              {t('family')}
            </th>
            <th scope="col" className="py-2 pr-3">
              {t('model')}
            </th>
            <th scope="col" className="py-2 pr-3">
              {t('media')}
            </th>
            <th scope="col" className="py-2 pr-3 text-right">
              {t('cost')}
            </th>
            <th scope="col" className="py-2 pr-4">
              {t('capabilities')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {u.models.map((m) => {
            const tokens = capabilityTokens(m.capabilities);
            return (
              <tr key={`${m.family}/${m.model}`} className="align-top">
                <td className="py-2.5 pr-3 pl-4 font-mono text-xs text-slate-900">{m.family}</td>
                <td className="py-2.5 pr-3 font-mono text-xs text-slate-700">{m.model}</td>
                <td className="py-2.5 pr-3">
                  <div className="flex flex-wrap gap-1">
                    {m.media.map((x) => (
                      <Badge key={x} tone="sky">
                        {x}
                      </Badge>
                    ))}
                  </div>
                </td>
                <td className="py-2.5 pr-3 text-right tabular-nums">
                  {format.number(m.cost_usd, { maximumFractionDigits: 6 })}
                </td>
                <td className="py-2.5 pr-4">
                  {tokens.length === 0 ? (
                    <span className="text-xs text-slate-500">{t('none')}</span>
                  ) : (
                    <div className="flex flex-wrap gap-1">
                      {tokens.map((c) => (
                        <span
                          key={c}
                          className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[11px] text-slate-700"
                        >
                          {c}
                        </span>
                      ))}
                    </div>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
