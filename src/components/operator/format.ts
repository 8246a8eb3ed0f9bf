const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

export const formatPercent = (x: number | null) => (x === null ? '—' : percent.format(x));

export function formatMs(ms: number | null): string {
  if (ms === null) return '—';
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

export const REMOVED_REASON: Record<string, string> = { unpaid: 'Unpaid account', invalid_key: 'Invalid key' };
