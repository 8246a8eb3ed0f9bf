'use client';

import { useFormatter, useTranslations } from 'next-intl';
import type { KeyPolicy } from './key-form';

/** A key policy in words, one phrase a rule (`keys.list.rule*`); none for no policy or an empty one. */
export function usePolicyRules(): (policy: KeyPolicy | null | undefined) => string[] {
  const t = useTranslations('keys.list');
  const kinds = useTranslations('keys.kinds');
  const format = useFormatter();
  return (policy) =>
    [
      policy?.kinds && t('ruleKinds', { kinds: policy.kinds.map((k) => kinds(k)).join(', ') }),
      policy?.expires_at && t('ruleExpires', { at: format.dateTime(new Date(policy.expires_at), 'minute') }),
      policy?.allowed_ips && t('ruleIps', { ranges: policy.allowed_ips.join(', ') }),
      policy?.requests_per_minute && t('ruleRpm', { count: policy.requests_per_minute }),
      policy?.models && t('ruleModels', { models: policy.models.join(', ') }),
      policy?.max_concurrent && t('ruleConcurrent', { count: policy.max_concurrent }),
      policy?.spend_cap && t('ruleCap', { count: policy.spend_cap.credits, period: policy.spend_cap.period }),
    ].filter((rule): rule is string => typeof rule === 'string');
}
