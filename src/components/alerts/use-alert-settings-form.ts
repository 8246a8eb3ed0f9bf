'use client';

import { useEffect, useState } from 'react';
import type { AlertRuleInput } from '@/contracts/alerts';
import { trpc } from '@/trpc/react';

/** One threshold as the form edits it: the threshold as typed. */
export interface RuleDraft {
  key: string;
  kind: AlertRuleInput['kind'];
  threshold: string;
  period: 'day' | 'week' | 'month';
  account_id: string | null;
}

let next = 0;
const draftKey = () => `rule-${(next += 1)}`;

/** The Alerts form's state: the webhook address and the thresholds, loaded from and saved to `alerts.settings`. */
export function useAlertSettingsForm(onSaved: () => void) {
  const settings = trpc.alerts.settings.useQuery({});
  const utils = trpc.useUtils();
  const [url, setUrl] = useState('');
  const [rules, setRules] = useState<RuleDraft[]>([]);
  const save = trpc.alerts.save.useMutation({
    onSuccess: (data) => {
      utils.alerts.settings.setData({}, data);
      onSaved();
    },
  });
  useEffect(() => {
    if (!settings.data) return;
    setUrl(settings.data.webhook_url ?? '');
    setRules(
      settings.data.rules.map((r) => ({
        key: draftKey(),
        kind: r.kind,
        threshold: String(r.threshold),
        period: r.period ?? 'day',
        account_id: r.account_id,
      })),
    );
  }, [settings.data]);

  const add = () =>
    setRules((rs) => [
      ...rs,
      { key: draftKey(), kind: 'balance_low', threshold: '100', period: 'day', account_id: null },
    ]);
  const remove = (key: string) => setRules((rs) => rs.filter((r) => r.key !== key));
  const change = (key: string, patch: Partial<RuleDraft>) =>
    setRules((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const submit = () =>
    save.mutate({
      webhook_url: url.trim() || null,
      rules: rules.map((r) => ({
        kind: r.kind,
        // A threshold that is not a whole number goes to the server as typed, which names the field.
        threshold: r.kind === 'cap_reached' ? 0 : Number(r.threshold),
        period: r.kind === 'spend_threshold' ? r.period : null,
        account_id: r.account_id,
      })),
    });
  return { settings, url, setUrl, rules, add, remove, change, submit, save };
}
