/** The sliced usage table's filters: ranges from presets or two days, read from and written to the address. */

export const SLICE_GROUPS = ['category', 'member', 'model'] as const;
export type SliceGroup = (typeof SLICE_GROUPS)[number];
export const SLICE_PRESETS = ['today', '7d', '30d', 'thisMonth', 'lastMonth'] as const;
export type SlicePreset = (typeof SLICE_PRESETS)[number];

export interface SliceFilters {
  from: string;
  to: string;
  group: SliceGroup;
  /** A member's account id, or '' for everyone. */
  member: string;
}

const shanghai = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date in Asia/Shanghai, YYYY-MM-DD. */
export const shanghaiToday = (now = new Date()) => shanghai.format(now);

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** The first and last day a preset names, counted from Shanghai's today. */
export function presetRange(preset: SlicePreset, today: string): { from: string; to: string } {
  const monthStart = `${today.slice(0, 8)}01`;
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case 'thisMonth':
      return { from: monthStart, to: today };
    case 'lastMonth': {
      const lastDay = addDays(monthStart, -1);
      return { from: `${lastDay.slice(0, 8)}01`, to: lastDay };
    }
  }
}

/** The preset a range is, if any (its button shows pressed). */
export function presetOf(f: Pick<SliceFilters, 'from' | 'to'>, today: string): SlicePreset | null {
  return (
    SLICE_PRESETS.find((p) => {
      const r = presetRange(p, today);
      return r.from === f.from && r.to === f.to;
    }) ?? null
  );
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters an address names (`?from=&to=&group=&member=`); missing or malformed parts take the 30-day default. */
export function parseSlice(params: { get(name: string): string | null }, today: string): SliceFilters {
  const preset = presetRange('30d', today);
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const group = params.get('group') ?? '';
  return {
    from: DAY.test(from) ? from : preset.from,
    to: DAY.test(to) ? to : preset.to,
    group: (SLICE_GROUPS as readonly string[]).includes(group) ? (group as SliceGroup) : 'category',
    member: params.get('member') ?? '',
  };
}

/** Writes the filters into `url` (the defaults left out) so a reload or a shared link opens the same table. */
export function writeSlice(url: URL, f: SliceFilters, today: string): void {
  const preset = presetRange('30d', today);
  const set = (key: string, value: string, fallback: string) =>
    value && value !== fallback ? url.searchParams.set(key, value) : url.searchParams.delete(key);
  set('from', f.from, preset.from);
  set('to', f.to, preset.to);
  set('group', f.group, 'category');
  set('member', f.member, '');
}

/** The report's input for the filters. */
export function sliceInput(f: SliceFilters) {
  return { from: f.from, to: f.to, group_by: f.group, ...(f.member ? { account_id: f.member } : {}) };
}
