'use client';

import { useEffect, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { CheckIcon } from '../icons';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { FieldBlock, Form, FormRootError } from '../ui/form';
import { Input } from '../ui/input';
import { Segmented } from '../ui/segmented';
import { SubmitButton } from '../console/form-parts';
import { formatNumber } from '../console/format';
import { DedicatedCredits } from './dedicated-credits';
import { KeyNotice } from './key-field';
import { MODE_OPTIONS } from './model';
import { useCreateMemberForm, type CreatedMember } from './use-create-member-form';

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
  const { form, submit, chooseMode, pending, created, dismiss } = useCreateMemberForm({ onChanged, onCreated });
  const mode = useWatch({ control: form.control, name: 'mode' });

  return (
    <Card>
      <CardHeader>
        <CardTitle id="add-member-title">Add a member</CardTitle>
        <CardDescription>Each member gets an API key of their own.</CardDescription>
      </CardHeader>
      <CardBody className="space-y-5">
        {created && <MemberCreated member={created} onDismiss={dismiss} />}

        <Form {...form}>
          <form onSubmit={submit} noValidate className="space-y-5" aria-labelledby="add-member-title">
            <FieldBlock control={form.control} name="email" label="Email">
              {(field) => <Input type="email" inputMode="email" autoComplete="off" spellCheck={false} maxLength={320} placeholder="name@example.com" {...field} />}
            </FieldBlock>
            <FieldBlock control={form.control} name="nickname" label="Nickname">
              {(field) => <Input autoComplete="off" maxLength={100} placeholder="例如：小林（设计）" {...field} />}
            </FieldBlock>

            <Segmented
              legend="Mode"
              name="create-member-mode"
              value={mode}
              onChange={chooseMode}
              options={MODE_OPTIONS}
              description={
                mode === 'shared' ? 'Spends the tenant’s allocatable credits, with no cap of its own.' : 'Gets credits of its own, set aside from the pool now.'
              }
            />

            {mode === 'dedicated' && (
              <DedicatedCredits
                control={form.control}
                max={allocatable}
                limit={(max) => `Up to ${max} (allocatable)`}
                limitTestId="create-max"
                warning={(max) => `More than the ${max} credits allocatable now.`}
                placeholder="e.g. 200"
              />
            )}

            <FormRootError data-testid="create-member-error" />

            <SubmitButton pending={pending} pendingLabel="Adding…" className="w-full">
              Add member
            </SubmitButton>
          </form>
        </Form>
      </CardBody>
    </Card>
  );
}

/** The notice of a member just added, with their key shown once. It takes focus, so the key is read out and in reach. */
function MemberCreated({ member, onDismiss }: { member: CreatedMember; onDismiss: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [member]);
  return (
    <KeyNotice
      ref={ref}
      tabIndex={-1}
      data-testid="member-created"
      className="space-y-3 focus:outline-none"
      icon={CheckIcon}
      message={
        <>
          Added <span className="font-semibold">{member.nickname}</span> ({member.email}),{' '}
          {member.mode === 'dedicated' ? `dedicated with ${formatNumber(member.credits ?? 0)} credits.` : 'on the shared pool.'}
        </>
      }
      caption="Their API key: copy it and hand it to them."
      apiKey={member.apiKey}
      copyLabel="new member key"
      onDismiss={onDismiss}
    />
  );
}
