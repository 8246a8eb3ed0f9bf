'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useMemo, useState, type FormEvent } from 'react';
import { useApplyServerError } from '@/components/console/use-error-text';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldBlock, Form, FormRootError, useZodForm } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { trpc } from '@/trpc/react';
import { creditFormSchema } from './model';
import { useTenantRefresh } from './use-tenant-refresh';

/** Adds credits to a tenant's pool, or takes some back (a negative number), with a note for its ledger. */
export function TenantCreditPanel({ tenantId }: { tenantId: string }) {
  const t = useTranslations('operatorTenants.credit');
  const say = useTranslations('operatorTenants.errors');
  const schema = useMemo(() => creditFormSchema((k) => say(k)), [say]);
  const form = useZodForm(schema, { defaultValues: { credits: '', note: '' } });
  const credit = trpc.admin.tenantCredit.useMutation();
  const refresh = useTenantRefresh();
  const applyServerError = useApplyServerError();
  const format = useFormatter();
  const [done, setDone] = useState<number | null>(null);

  const send = form.handleSubmit(async (body) => {
    try {
      const answer = await credit.mutateAsync({
        tenant_id: tenantId,
        credits: body.credits,
        ...(body.note ? { note: body.note } : {}),
      });
      form.reset({ credits: '', note: '' });
      setDone(answer.credits);
      await refresh();
    } catch (error) {
      applyServerError(form, error);
    }
  });
  // Every attempt clears the last success first, so it never stands beside a new error (the form's own checks included).
  const submit = (event: FormEvent<HTMLFormElement>) => {
    setDone(null);
    return send(event);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('title')}</CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardBody>
        <Form {...form}>
          <form onSubmit={submit} noValidate className="space-y-4" aria-label={t('title')}>
            <FieldBlock control={form.control} name="credits" label={t('amount')} description={t('amountHelp')}>
              {(field) => <Input {...field} inputMode="numeric" autoComplete="off" />}
            </FieldBlock>
            <FieldBlock control={form.control} name="note" label={t('note')}>
              {(field) => <Input {...field} maxLength={500} autoComplete="off" placeholder={t('notePlaceholder')} />}
            </FieldBlock>
            <FormRootError />
            {done !== null && (
              <p role="status" className="text-sm text-emerald-700">
                {t('done', { credits: format.number(done, 'credits') })}
              </p>
            )}
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting && <Spinner />}
              {t('submit')}
            </Button>
          </form>
        </Form>
      </CardBody>
    </Card>
  );
}
