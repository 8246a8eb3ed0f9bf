'use client';

import { useTranslations } from 'next-intl';
import type { Control } from 'react-hook-form';
import { keyKinds, spendPeriods } from '@/contracts/keys';
import { FieldBlock } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import type { KeyFormOutput, KeyFormValues } from './key-form';

/**
 * A key policy's fields (kinds, expiry, addresses, rate, models, concurrent work, spend cap), shared by
 * the Keys page's key form and the Members page's default policy form.
 */
export function KeyPolicyFields({ control }: { control: Control<KeyFormValues, unknown, KeyFormOutput> }) {
  const t = useTranslations('keys.form');
  const kinds = useTranslations('keys.kinds');
  const periods = useTranslations('keys.periods');
  return (
    <>
      <FieldBlock control={control} name="kinds" label={t('kinds')} description={t('kindsHint')}>
        {(field) => (
          <div className="flex flex-wrap gap-x-4 gap-y-2" role="group">
            {keyKinds.map((kind) => (
              <label key={kind} className="inline-flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  className="size-4 rounded border-slate-300"
                  checked={field.value.includes(kind)}
                  onChange={(e) =>
                    field.onChange(e.target.checked ? [...field.value, kind] : field.value.filter((k) => k !== kind))
                  }
                />
                {kinds(kind)}
              </label>
            ))}
          </div>
        )}
      </FieldBlock>
      <FieldBlock control={control} name="expires" label={t('expires')} description={t('expiresHint')}>
        {(field) => <Input type="datetime-local" {...field} />}
      </FieldBlock>
      <FieldBlock control={control} name="ips" label={t('ips')} description={t('ipsHint')}>
        {(field) => <Textarea rows={3} spellCheck={false} placeholder={t('ipsPlaceholder')} {...field} />}
      </FieldBlock>
      <FieldBlock control={control} name="rpm" label={t('rpm')} description={t('rpmHint')}>
        {(field) => <Input inputMode="numeric" autoComplete="off" {...field} />}
      </FieldBlock>
      <FieldBlock control={control} name="models" label={t('models')} description={t('modelsHint')}>
        {(field) => <Textarea rows={2} spellCheck={false} placeholder={t('modelsPlaceholder')} {...field} />}
      </FieldBlock>
      <FieldBlock control={control} name="concurrent" label={t('concurrent')} description={t('concurrentHint')}>
        {(field) => <Input inputMode="numeric" autoComplete="off" {...field} />}
      </FieldBlock>
      <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,8rem)] items-start gap-3">
        <FieldBlock control={control} name="cap" label={t('cap')} description={t('capHint')}>
          {(field) => <Input inputMode="numeric" autoComplete="off" {...field} />}
        </FieldBlock>
        <FieldBlock control={control} name="capPeriod" label={t('capPeriod')}>
          {(field) => (
            <Select {...field}>
              {spendPeriods.map((p) => (
                <option key={p} value={p}>
                  {periods(p)}
                </option>
              ))}
            </Select>
          )}
        </FieldBlock>
      </div>
    </>
  );
}
