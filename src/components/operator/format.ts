import { useFormatter, useTranslations } from 'next-intl';
import type { Upstream } from '@/components/operator/upstreams/upstreams';

/** The figures of the upstreams page in the page's language: shares, durations, times and the score's explanation. */
export function useUpstreamFormat() {
  const t = useTranslations('operator.upstreams');
  const format = useFormatter();
  const percent = (x: number | null) =>
    x === null ? '—' : format.number(x, { style: 'percent', maximumFractionDigits: 1 });
  const ms = (value: number | null) => {
    if (value === null) return '—';
    return value < 1000
      ? t('milliseconds', { value: Math.round(value) })
      : t('seconds', { value: (value / 1000).toFixed(1) });
  };
  /** Why an automatically removed channel was removed; an unknown reason is shown as it comes. */
  const removedReason = (reason: string | null) => {
    if (reason === 'unpaid' || reason === 'invalid_key') return t(`removedReasons.${reason}`);
    return reason ?? '';
  };
  const time = (iso: string) => format.dateTime(new Date(iso), 'minute');
  return { percent, ms, removedReason, time, explain: (u: Upstream) => explanation(u, t, removedReason, time) };
}

const round = (x: number, digits = 3) => String(Math.round(x * 10 ** digits) / 10 ** digits);

/**
 * Why routing chooses or skips a channel, in words, built from the figures the list answers (the API's
 * own `explanation` is English, for programmatic clients).
 */
function explanation(
  u: Upstream,
  t: ReturnType<typeof useTranslations<'operator.upstreams'>>,
  removedReason: (reason: string | null) => string,
  time: (iso: string) => string,
): string {
  if (u.state === 'retired') return t('explanation.retired');
  if (u.state === 'disabled') return t('explanation.disabled');
  if (u.state === 'removed')
    return t('explanation.removed', {
      reason: removedReason(u.removed_reason),
      time: u.removed_since ? time(u.removed_since) : '—',
    });
  const c = u.components;
  const eligible = t('explanation.eligible', {
    score: round(u.score),
    success: round(c.success),
    rating: round(c.rating),
    latency: round(c.latency),
    cost: round(c.cost),
  });
  const penalty =
    u.recent_failures > 0 ? t('explanation.penalty', { penalty: round(c.penalty), failures: u.recent_failures }) : '';
  return eligible + penalty + t('explanation.weight', { weight: round(u.weight, 4) });
}
