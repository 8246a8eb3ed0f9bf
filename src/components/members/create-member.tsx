'use client';

import { useId, useRef, useState, type FormEvent } from 'react';
import { trpc } from '@/trpc/react';
import { CheckIcon, CloseIcon } from '../icons';
import { ErrorAlert } from '../ui/alert';
import { Button } from '../ui/button';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { Input } from '../ui/input';
import { Label } from '../ui/label';
import { Segmented } from '../ui/segmented';
import { Spinner } from '../ui/spinner';
import { FreshKey } from './key-field';
import { formatNumber, MODE_OPTIONS, parseCredits, type Mode } from './model';

type Problems = Partial<Record<'email' | 'nickname' | 'credits', string>>;

interface CreateMemberProps {
  /** The tenant's allocatable credits: the most a new dedicated member can get. */
  allocatable: number | undefined;
  /** Refreshes the list and the pool. */
  onChanged: () => Promise<void>;
  /** Marks the new member in the list. */
  onCreated: (accountId: string) => void;
}

/** Adds a member account and shows its key once. */
export function CreateMember({ allocatable, onChanged, onCreated }: CreateMemberProps) {
  const ids = { email: useId(), nickname: useId(), credits: useId(), max: useId() };
  const create = trpc.accounts.action.useMutation();
  const [email, setEmail] = useState('');
  const [nickname, setNickname] = useState('');
  const [mode, setMode] = useState<Mode>('shared');
  const [credits, setCredits] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [created, setCreated] = useState<{ nickname: string; email: string; apiKey: string; mode: Mode; credits: number | null } | null>(null);
  const successRef = useRef<HTMLDivElement>(null);

  function touch(field: keyof Problems) {
    if (problems[field]) setProblems((p) => ({ ...p, [field]: undefined }));
    if (create.error) create.reset();
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (create.isPending) return;
    const found: Problems = {};
    const mail = email.trim();
    const name = nickname.trim();
    if (!mail) found.email = 'Enter the member’s email.';
    else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(mail)) found.email = 'That does not look like an email address.';
    if (!name) found.nickname = 'Enter a nickname.';
    const amount = mode === 'dedicated' ? parseCredits(credits) : null;
    if (amount && 'error' in amount) found.credits = amount.error;
    setProblems(found);
    const first = (['email', 'nickname', 'credits'] as const).find((k) => found[k]);
    if (first) {
      document.getElementById(ids[first])?.focus();
      return;
    }
    try {
      const answer = await create.mutateAsync({
        action: 'create',
        email: mail,
        nickname: name,
        ...(amount && 'value' in amount ? { credits: amount.value } : { shared: true }),
      });
      const account = answer.account;
      setCreated({
        nickname: account.nickname ?? name,
        email: account.email ?? mail,
        apiKey: account.api_key ?? '',
        mode: account.mode ?? mode,
        credits: account.credits ?? null,
      });
      onCreated(account.account_id);
      setEmail('');
      setNickname('');
      setCredits('');
      await onChanged();
      successRef.current?.focus();
    } catch {
      // Shown above the button from the mutation's error.
    }
  }

  const over = mode === 'dedicated' && allocatable !== undefined && (() => {
    const parsed = parseCredits(credits);
    return 'value' in parsed && parsed.value > allocatable;
  })();

  return (
    <Card>
      <CardHeader>
        <CardTitle id="add-member-title">Add a member</CardTitle>
        <CardDescription>Each member gets an API key of their own.</CardDescription>
      </CardHeader>
      <CardBody className="space-y-5">
        {created && (
          <div
            ref={successRef}
            tabIndex={-1}
            role="status"
            data-testid="member-created"
            className="space-y-3 rounded-xl bg-emerald-50 p-3.5 ring-1 ring-inset ring-emerald-200 focus:outline-none"
          >
            <div className="flex items-start gap-2">
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-emerald-600" />
              <p className="min-w-0 flex-1 text-sm break-words text-emerald-900">
                Added <span className="font-semibold">{created.nickname}</span> ({created.email}),{' '}
                {created.mode === 'dedicated' ? `dedicated with ${formatNumber(created.credits ?? 0)} credits.` : 'on the shared pool.'}
              </p>
              <button
                type="button"
                onClick={() => setCreated(null)}
                className="-my-1 grid size-7 shrink-0 place-items-center rounded-md text-emerald-700 hover:bg-emerald-100 focus-visible:outline-2 focus-visible:outline-emerald-600"
              >
                <CloseIcon className="size-4" />
                <span className="sr-only">Dismiss</span>
              </button>
            </div>
            <div className="space-y-1.5">
              <p className="text-xs font-medium text-emerald-900">Their API key: copy it and hand it to them.</p>
              <FreshKey apiKey={created.apiKey} label="new member key" />
            </div>
          </div>
        )}

        <form onSubmit={submit} noValidate className="space-y-5" aria-labelledby="add-member-title">
          <div className="space-y-1.5">
            <Label htmlFor={ids.email}>Email</Label>
            <Input
              id={ids.email}
              type="email"
              inputMode="email"
              autoComplete="off"
              spellCheck={false}
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                touch('email');
              }}
              maxLength={320}
              placeholder="name@example.com"
              aria-invalid={problems.email ? true : undefined}
              aria-describedby={problems.email ? `${ids.email}-error` : undefined}
            />
            {problems.email && (
              <p id={`${ids.email}-error`} className="text-xs text-rose-600">
                {problems.email}
              </p>
            )}
          </div>

          <div className="space-y-1.5">
            <Label htmlFor={ids.nickname}>Nickname</Label>
            <Input
              id={ids.nickname}
              autoComplete="off"
              value={nickname}
              onChange={(e) => {
                setNickname(e.target.value);
                touch('nickname');
              }}
              maxLength={100}
              placeholder="例如：小林（设计）"
              aria-invalid={problems.nickname ? true : undefined}
              aria-describedby={problems.nickname ? `${ids.nickname}-error` : undefined}
            />
            {problems.nickname && (
              <p id={`${ids.nickname}-error`} className="text-xs text-rose-600">
                {problems.nickname}
              </p>
            )}
          </div>

          <Segmented
            legend="Mode"
            name="create-member-mode"
            value={mode}
            onChange={(m) => {
              setMode(m);
              touch('credits');
            }}
            options={MODE_OPTIONS}
            description={
              mode === 'shared'
                ? 'Spends the tenant’s allocatable credits, with no cap of its own.'
                : 'Gets credits of its own, set aside from the pool now.'
            }
          />

          {mode === 'dedicated' && (
            <div className="space-y-1.5">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
                <Label htmlFor={ids.credits}>Dedicated credits</Label>
                <span id={ids.max} className="text-xs text-slate-500 tabular-nums" data-testid="create-max">
                  {allocatable === undefined ? 'Loading the maximum…' : `Up to ${formatNumber(allocatable)} (allocatable)`}
                </span>
              </div>
              <Input
                id={ids.credits}
                inputMode="numeric"
                autoComplete="off"
                value={credits}
                onChange={(e) => {
                  setCredits(e.target.value);
                  touch('credits');
                }}
                placeholder="e.g. 200"
                className="tabular-nums"
                aria-invalid={problems.credits || over ? true : undefined}
                aria-describedby={[ids.max, problems.credits || over ? `${ids.credits}-error` : ''].filter(Boolean).join(' ')}
              />
              {problems.credits ? (
                <p id={`${ids.credits}-error`} className="text-xs text-rose-600">
                  {problems.credits}
                </p>
              ) : over ? (
                <p id={`${ids.credits}-error`} className="text-xs text-amber-700">
                  More than the {formatNumber(allocatable ?? 0)} credits allocatable now.
                </p>
              ) : null}
            </div>
          )}

          {create.error && <ErrorAlert data-testid="create-member-error">{create.error.message}</ErrorAlert>}

          <Button type="submit" className="w-full" disabled={create.isPending}>
            {create.isPending ? (
              <>
                <Spinner /> Adding…
              </>
            ) : (
              'Add member'
            )}
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
