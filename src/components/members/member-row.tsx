'use client';

import { useId, useState } from 'react';
import { trpc } from '@/trpc/react';
import { CheckIcon, CloseIcon, CoinsIcon, KeyIcon } from '../icons';
import { ErrorAlert } from '../ui/alert';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Switch } from '../ui/switch';
import { FreshKey, KeyField } from './key-field';
import { formatNumber, initialOf, type Member } from './model';
import { QuotaForm } from './quota-form';

interface MemberRowProps {
  member: Member;
  /** The tenant's allocatable credits, for the quota form's maximum. */
  allocatable: number | undefined;
  /** Refreshes the list and the pool after a change. */
  onChanged: () => Promise<void>;
  /** Just created: outlined so it is easy to find. */
  highlight?: boolean;
}

/** One member: who, how they are funded, their key, and what can be changed. */
export function MemberRow({ member, allocatable, onChanged, highlight }: MemberRowProps) {
  const titleId = useId();
  const quotaButtonId = useId();
  const rekey = trpc.accounts.action.useMutation();
  const toggle = trpc.accounts.action.useMutation();
  const [editing, setEditing] = useState(false);
  const [confirm, setConfirm] = useState<'rekey' | 'disable' | null>(null);
  const [newKey, setNewKey] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const name = member.nickname;
  // The switch shows the requested state while the change is on its way.
  const pendingDisabled = toggle.isPending && typeof toggle.variables?.disabled === 'boolean' ? toggle.variables.disabled : null;
  const enabled = !(pendingDisabled ?? member.disabled);

  async function doRekey() {
    try {
      const answer = await rekey.mutateAsync({ action: 'rekey', account_id: member.account_id });
      setConfirm(null);
      setNotice(null);
      setNewKey(answer.account.api_key ?? null);
      await onChanged();
    } catch {
      // Shown in the dialog.
    }
  }

  async function setDisabled(disabled: boolean) {
    try {
      await toggle.mutateAsync({ action: 'toggle', account_id: member.account_id, disabled });
      setConfirm(null);
      setNotice(disabled ? `${name} is disabled: their key answers 403.` : `${name} is enabled again: their key works.`);
      await onChanged();
    } catch {
      // Shown in the dialog (disabling) or under the row (enabling).
    }
  }

  return (
    <article
      aria-labelledby={titleId}
      data-testid="member-row"
      data-email={member.email}
      className={cn('p-4 sm:p-5', member.disabled && 'bg-slate-50/80', highlight && 'bg-indigo-50/40')}
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className={cn(
            'grid size-10 shrink-0 place-items-center rounded-full text-sm font-semibold ring-1 ring-inset',
            member.disabled ? 'bg-slate-100 text-slate-400 ring-slate-200' : 'bg-indigo-50 text-indigo-700 ring-indigo-100',
          )}
        >
          {initialOf(name)}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h3 id={titleId} className="min-w-0 text-sm font-semibold break-words text-slate-900">
              {name}
            </h3>
            {member.mode === 'dedicated' ? <Badge tone="amber">Dedicated</Badge> : <Badge tone="indigo">Shared pool</Badge>}
            {member.disabled && <Badge tone="rose">Disabled</Badge>}
            {highlight && <Badge tone="emerald">New</Badge>}
          </div>
          <p className="mt-0.5 text-sm [overflow-wrap:anywhere] text-slate-500">{member.email}</p>
        </div>
      </div>

      <dl className="mt-3 grid grid-cols-[4.5rem_minmax(0,1fr)] items-center gap-x-3 gap-y-2 sm:pl-13">
        <dt className="text-xs font-medium text-slate-500">Credits</dt>
        <dd className="text-sm text-slate-700" data-testid="member-credits">
          {member.mode === 'dedicated' ? (
            <>
              <span className="font-semibold text-slate-900 tabular-nums">{formatNumber(member.credits ?? 0)}</span> left
              <span className="text-slate-400"> · </span>
              <span className="tabular-nums">{formatNumber(member.spent)}</span> spent
            </>
          ) : (
            <>
              Shared pool<span className="text-slate-400"> · </span>
              <span className="tabular-nums">{formatNumber(member.spent)}</span> spent
            </>
          )}
        </dd>
        <dt className="col-span-2 text-xs font-medium text-slate-500 sm:col-span-1">API key</dt>
        <dd className="col-span-2 -mt-1 min-w-0 sm:col-span-1 sm:mt-0">
          <KeyField apiKey={member.api_key} owner={name} />
        </dd>
      </dl>

      {newKey && (
        <div role="status" className="mt-4 space-y-2.5 rounded-xl bg-emerald-50 p-3.5 ring-1 ring-inset ring-emerald-200 sm:ml-13" data-testid="rekey-result">
          <div className="flex items-start gap-2">
            <KeyIcon className="mt-0.5 size-4 shrink-0 text-emerald-600" />
            <p className="min-w-0 flex-1 text-sm break-words text-emerald-900">
              <span className="font-semibold">New key for {name}.</span> The old key stopped working: anything still using it now gets 403.
            </p>
            <button
              type="button"
              onClick={() => setNewKey(null)}
              className="-my-1 grid size-7 shrink-0 place-items-center rounded-md text-emerald-700 hover:bg-emerald-100 focus-visible:outline-2 focus-visible:outline-emerald-600"
            >
              <CloseIcon className="size-4" />
              <span className="sr-only">Dismiss</span>
            </button>
          </div>
          <FreshKey apiKey={newKey} label={`new key of ${name}`} />
        </div>
      )}

      {editing ? (
        <QuotaForm
          member={member}
          allocatable={allocatable}
          onCancel={() => {
            setEditing(false);
            refocus(quotaButtonId);
          }}
          onSaved={async (text) => {
            setEditing(false);
            setNotice(text);
            refocus(quotaButtonId);
            await onChanged();
          }}
        />
      ) : (
        <>
          {notice && (
            <p role="status" className="mt-3 flex items-start gap-2 text-sm text-emerald-800 sm:pl-13" data-testid="member-notice">
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-emerald-600" />
              <span className="min-w-0 break-words">{notice}</span>
            </p>
          )}
          <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 border-t border-slate-100 pt-3 sm:ml-13">
            <div className="flex items-center gap-2.5">
              <Switch
                checked={enabled}
                onChange={(on) => {
                  toggle.reset();
                  if (on) void setDisabled(false);
                  else setConfirm('disable');
                }}
                busy={toggle.isPending}
                disabled={toggle.isPending}
                label={`Enable ${name}`}
              />
              <span className={cn('text-sm', enabled ? 'text-slate-600' : 'text-rose-700')} aria-hidden="true">
                {enabled ? 'Enabled' : 'Disabled'}
              </span>
            </div>
            <div className="ml-auto flex items-center gap-0.5 sm:gap-1">
              <Button
                id={quotaButtonId}
                variant="ghost"
                size="sm"
                onClick={() => {
                  setNotice(null);
                  setEditing(true);
                }}
                aria-label={`Set quota of ${name}`}
              >
                <CoinsIcon className="hidden size-4 sm:block" />
                Set quota
              </Button>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  rekey.reset();
                  setConfirm('rekey');
                }}
                aria-label={`Rekey ${name}`}
              >
                <KeyIcon className="hidden size-4 sm:block" />
                Rekey
              </Button>
            </div>
          </div>
          {toggle.error && confirm === null && <ErrorAlert className="mt-3">{toggle.error.message}</ErrorAlert>}
        </>
      )}

      <ConfirmDialog
        open={confirm === 'rekey'}
        title={`Issue a new key for ${name}?`}
        confirmLabel="Issue new key"
        busy={rekey.isPending}
        error={rekey.error?.message}
        onConfirm={() => void doRekey()}
        onCancel={() => {
          setConfirm(null);
          rekey.reset();
        }}
      >
        <p>
          The current key stops working at once: apps and people still using it get 403 until they switch to the new key. The new key is shown once
          you confirm.
        </p>
      </ConfirmDialog>

      <ConfirmDialog
        open={confirm === 'disable'}
        title={`Disable ${name}?`}
        confirmLabel="Disable member"
        busy={toggle.isPending}
        error={toggle.error?.message}
        onConfirm={() => void setDisabled(true)}
        onCancel={() => {
          setConfirm(null);
          toggle.reset();
        }}
      >
        <p>
          Their key answers 403 until you enable them again. Nothing is deleted
          {member.mode === 'dedicated' ? ': their dedicated credits stay reserved for them.' : '.'}
        </p>
      </ConfirmDialog>
    </article>
  );
}

/** Puts focus back on a control once the form that replaced it has gone. */
function refocus(id: string) {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}
