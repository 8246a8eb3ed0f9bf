'use client';

import { useState } from 'react';
import type { AlertRuleInput, AlertSettingsView } from '@/contracts/alerts';
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

const draftOf = (r: AlertSettingsView['rules'][number]): RuleDraft => ({
  key: draftKey(),
  kind: r.kind,
  threshold: String(r.threshold),
  period: r.period ?? 'day',
  account_id: r.account_id,
});

/** The Alerts form's state: the webhook address and the thresholds as saved, edited, then saved to `alerts.save`. */
export function useAlertSettingsForm(initial: AlertSettingsView, onSaved: () => void) {
  const utils = trpc.useUtils();
  const [url, setUrl] = useState(initial.webhook_url ?? '');
  const [rules, setRules] = useState<RuleDraft[]>(() => initial.rules.map(draftOf));
  const save = trpc.alerts.save.useMutation({
    onSuccess: (data) => {
      utils.alerts.settings.setData({}, data);
      onSaved();
    },
  });

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
  return { url, setUrl, rules, add, remove, change, submit, save };
}
