'use client';

import { useTranslations } from 'next-intl';
import { Card } from '@/components/ui/card';
import { FieldBlock, Form, FormRootError } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/console/form-parts';
import { NICKNAME_MAX } from './redeem-form-schema';
import type { useRedeemForm } from './use-redeem-form';

/** The buyer's nickname and email, and the button that redeems the code. */
export function RedeemForm({ form, submit }: Pick<ReturnType<typeof useRedeemForm>, 'form' | 'submit'>) {
  const t = useTranslations('claim.form');
  return (
    <Card className="p-5">
      <Form {...form}>
        <form onSubmit={submit} noValidate className="space-y-4" aria-label={t('label')}>
          <FieldBlock control={form.control} name="nickname" label={t('nickname')}>
            {(field) => (
              <Input
                maxLength={NICKNAME_MAX}
                autoComplete="nickname"
                placeholder={t('nicknamePlaceholder')}
                {...field}
              />
            )}
          </FieldBlock>
          <FieldBlock control={form.control} name="email" label={t('email')} description={t('emailHint')}>
            {(field) => (
              <Input
                type="email"
                maxLength={200}
                autoComplete="email"
                inputMode="email"
                placeholder={t('emailPlaceholder')}
                {...field}
              />
            )}
          </FieldBlock>
          <FieldBlock control={form.control} name="password" label={t('password')} description={t('passwordHint')}>
            {(field) => <Input type="password" maxLength={128} autoComplete="new-password" {...field} />}
          </FieldBlock>
          <FieldBlock
            control={form.control}
            name="confirm"
            label={t('passwordConfirm')}
            description={t('passwordExisting')}
          >
            {(field) => <Input type="password" maxLength={128} autoComplete="new-password" {...field} />}
          </FieldBlock>
          <FormRootError />
          <SubmitButton
            pending={form.formState.isSubmitting}
            pendingLabel={t('submitting')}
            size="lg"
            className="w-full"
          >
            {t('submit')}
          </SubmitButton>
          <p className="text-center text-xs text-slate-500">{t('once')}</p>
        </form>
      </Form>
    </Card>
  );
}
