'use client';

import { useTranslations } from 'next-intl';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SearchBox } from '@/components/ui/search-box';
import { Select } from '@/components/ui/select';
import { trpc } from '@/trpc/react';
import { CALL_KINDS, CALL_STATUSES } from './call-model';

export interface CallFilterValues {
  account_id: string;
  kind: string;
  status: string;
  from: string;
  to: string;
  q: string;
}

export const NO_FILTERS: CallFilterValues = { account_id: '', kind: '', status: '', from: '', to: '', q: '' };

/** The log's filters: member, kind, status, days (Asia/Shanghai) and a search. */
export function CallFilters({
  value,
  onChange,
}: {
  value: CallFilterValues;
  onChange: (next: CallFilterValues) => void;
}) {
  const t = useTranslations('calls');
  // A platform account has no members: the member filter is then left out.
  const members = trpc.members.list.useQuery({}, { retry: false });
  const set = (key: keyof CallFilterValues) => (v: string) => onChange({ ...value, [key]: v });
  const accounts = members.data?.accounts ?? [];
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-6" data-testid="call-filters">
      <SearchBox
        className="col-span-2"
        label={t('filters.search')}
        placeholder={t('filters.searchPlaceholder')}
        value={value.q}
        onChange={set('q')}
      />
      {accounts.length > 0 && (
        <div>
          <Label htmlFor="call-member" className="sr-only">
            {t('filters.member')}
          </Label>
          <Select id="call-member" value={value.account_id} onChange={(e) => set('account_id')(e.target.value)}>
            <option value="">{t('filters.anyMember')}</option>
            {accounts.map((a) => (
              <option key={a.account_id} value={a.account_id}>
                {a.nickname}
              </option>
            ))}
          </Select>
        </div>
      )}
      <div>
        <Label htmlFor="call-kind" className="sr-only">
          {t('filters.kind')}
        </Label>
        <Select id="call-kind" value={value.kind} onChange={(e) => set('kind')(e.target.value)}>
          <option value="">{t('filters.anyKind')}</option>
          {CALL_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`kinds.${k}`)}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <Label htmlFor="call-status" className="sr-only">
          {t('filters.status')}
        </Label>
        <Select id="call-status" value={value.status} onChange={(e) => set('status')(e.target.value)}>
          <option value="">{t('filters.anyStatus')}</option>
          {CALL_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`statuses.${s}`)}
            </option>
          ))}
        </Select>
      </div>
      <div className="col-span-2 grid grid-cols-2 gap-3 md:col-span-6 md:max-w-md">
        <div>
          <Label htmlFor="call-from">{t('filters.from')}</Label>
          <Input id="call-from" type="date" value={value.from} onChange={(e) => set('from')(e.target.value)} />
        </div>
        <div>
          <Label htmlFor="call-to">{t('filters.to')}</Label>
          <Input id="call-to" type="date" value={value.to} onChange={(e) => set('to')(e.target.value)} />
        </div>
      </div>
    </div>
  );
}
