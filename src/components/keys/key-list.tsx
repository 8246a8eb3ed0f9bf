'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { trpc, type RouterOutputs } from '@/trpc/react';
import { KeyIcon } from '@/components/icons';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { EmptyState, ListState } from '@/components/ui/list-state';
import { useErrorText } from '@/components/console/use-error-text';
import { usePolicyRules } from './policy-rules';

type Key = RouterOutputs['keys']['list']['keys'][number];

/**
 * The live keys: the primary ones, then named keys with their policy and last use; change a key's
 * policy (`onEdit`), revoke a named key.
 */
export function KeyList({ onChanged, onEdit }: { onChanged: () => Promise<void>; onEdit: (key: Key) => void }) {
  const query = trpc.keys.list.useQuery({});
  const revoke = trpc.keys.revoke.useMutation();
  const [asking, setAsking] = useState<Key | null>(null);
  const errorText = useErrorText();
  const t = useTranslations('keys.list');
  const keys = query.data?.keys ?? [];

  const confirm = async () => {
    if (!asking) return;
    await revoke.mutateAsync({ id: asking.id });
    setAsking(null);
    await onChanged();
  };

  return (
    <section aria-labelledby="keys-title" className="min-w-0 space-y-3">
      <h2 id="keys-title" className="text-base font-semibold text-slate-900">
        {t('title')}
      </h2>
      <ListState
        query={query}
        empty={keys.length === 0}
        keepRowsOnError
        loading={<ListSkeleton label={t('loading')} />}
        placeholder={<EmptyState icon={KeyIcon} title={t('emptyTitle')} description={t('emptyDescription')} />}
      >
        <Card className="overflow-hidden">
          <ul className="divide-y divide-slate-100" aria-labelledby="keys-title" data-testid="keys-list">
            {keys.map((key) => (
              <li key={key.id} className="flex flex-wrap items-start gap-3 px-4 py-3 sm:px-5">
                <KeyRow entry={key} />
                <Button
                  variant="ghost"
                  size="sm"
                  className="ml-auto"
                  onClick={() => onEdit(key)}
                  aria-label={t('editOf', { label: key.primary ? t('primary') : (key.label ?? '') })}
                >
                  {t('edit')}
                </Button>
                {!key.primary && (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => {
                      revoke.reset();
                      setAsking(key);
                    }}
                    aria-label={t('revokeOf', { label: key.label ?? '' })}
                  >
                    {t('revoke')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </Card>
      </ListState>
      <ConfirmDialog
        open={asking !== null}
        title={t('revokeTitle', { label: asking?.label ?? '' })}
        confirmLabel={t('revokeConfirm')}
        busy={revoke.isPending}
        error={revoke.error ? errorText(revoke.error) : undefined}
        onConfirm={() => void confirm().catch(() => undefined)}
        onCancel={() => setAsking(null)}
      >
        <p>{t('revokeBody')}</p>
      </ConfirmDialog>
    </section>
  );
}

/** One key: its name, whose it is, its policy in words and its last use. */
function KeyRow({ entry }: { entry: Key }) {
  const t = useTranslations('keys.list');
  const format = useFormatter();
  const rules = usePolicyRules()(entry.policy);
  return (
    <div className="min-w-0 flex-1 space-y-1">
      <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-900">
        <span className="break-words">{entry.primary ? t('primary') : entry.label}</span>
        {entry.account_id !== null && <Badge tone="slate">{t('member')}</Badge>}
        {entry.hint && <code className="font-mono text-xs font-normal text-slate-500">{entry.hint}</code>}
      </p>
      <p className="text-xs text-slate-600">{rules.length > 0 ? rules.join(' · ') : t('noPolicy')}</p>
      <p className="text-xs text-slate-500">
        {t('created', { at: format.dateTime(new Date(entry.created_at), 'minute') })}
        {' · '}
        {entry.last_used_at
          ? t('lastUsed', {
              at: format.dateTime(new Date(entry.last_used_at), 'minute'),
              from: entry.last_used_from ?? '',
            })
          : t('neverUsed')}
      </p>
    </div>
  );
}
