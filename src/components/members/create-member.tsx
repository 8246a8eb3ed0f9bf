'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { CheckIcon } from '@/components/icons';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldBlock, Form, FormRootError } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Segmented } from '@/components/ui/segmented';
import { SubmitButton } from '@/components/console/form-parts';
import { DedicatedCredits } from './dedicated-credits';
import { KeyNotice } from './key-field';
import { useModeOptions } from './model';
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
  const t = useTranslations('members.create');
  const modeOptions = useModeOptions();

  return (
    <Card>
      <CardHeader>
        <CardTitle id="add-member-title">{t('title')}</CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardBody className="space-y-5">
        {created && <MemberCreated member={created} onDismiss={dismiss} />}

        <Form {...form}>
          <form onSubmit={submit} noValidate className="space-y-5" aria-labelledby="add-member-title">
            <FieldBlock control={form.control} name="email" label={t('email')}>
              {(field) => (
                <Input
                  type="email"
                  inputMode="email"
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={320}
                  placeholder={t('emailPlaceholder')}
                  {...field}
                />
              )}
            </FieldBlock>
            <FieldBlock control={form.control} name="nickname" label={t('nickname')}>
              {(field) => (
                <Input autoComplete="off" maxLength={100} placeholder={t('nicknamePlaceholder')} {...field} />
              )}
            </FieldBlock>

            <Segmented
              legend={t('mode')}
              name="create-member-mode"
              value={mode}
              onChange={chooseMode}
              options={modeOptions}
              description={mode === 'shared' ? t('sharedDescription') : t('dedicatedDescription')}
            />

            {mode === 'dedicated' && (
              <DedicatedCredits
                control={form.control}
                max={allocatable}
                limit={(max) => t('limit', { max })}
                limitTestId="create-max"
                warning={(max) => t('warning', { max })}
                placeholder={t('creditsPlaceholder')}
              />
            )}

            <FormRootError data-testid="create-member-error" />

            <SubmitButton pending={pending} pendingLabel={t('adding')} className="w-full">
              {t('submit')}
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
  const t = useTranslations('members.create');
  const format = useFormatter();
  const credits = member.credits ?? 0;
  return (
    <KeyNotice
      ref={ref}
      tabIndex={-1}
      data-testid="member-created"
      className="space-y-3 focus:outline-none"
      icon={CheckIcon}
      message={t.rich(member.mode === 'dedicated' ? 'addedDedicated' : 'addedShared', {
        name: member.nickname,
        email: member.email,
        credits,
        amount: format.number(credits, 'credits'),
        strong: (chunks) => <span className="font-semibold">{chunks}</span>,
      })}
      caption={t('keyCaption')}
      apiKey={member.apiKey}
      copyLabel={t('keyCopy')}
      onDismiss={onDismiss}
    />
  );
}
