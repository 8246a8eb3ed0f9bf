'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { useApplyServerError } from '@/components/console/use-error-text';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldBlock, Form, FormRootError, useZodForm } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { trpc } from '@/trpc/react';
import { createFormSchema, type OperatorTenant } from './model';

interface TenantCreateFormProps {
  onCreated: (tenant: Pick<OperatorTenant, 'id' | 'name'>, apiKey: string) => void;
  onClose: () => void;
}

/** Opens a tenant: its name, opening credits, monthly quota and, optionally, its first console login. */
export function TenantCreateForm({ onCreated, onClose }: TenantCreateFormProps) {
  const t = useTranslations('operatorTenants.create');
  const say = useTranslations('operatorTenants.errors');
  const schema = useMemo(() => createFormSchema((k) => say(k)), [say]);
  const form = useZodForm(schema, {
    defaultValues: { name: '', credits: '0', quota_monthly: '0', admin_email: '', admin_password: '' },
  });
  const create = trpc.admin.tenantCreate.useMutation();
  const utils = trpc.useUtils();
  const applyServerError = useApplyServerError();

  const submit = form.handleSubmit(async (body) => {
    try {
      const answer = await create.mutateAsync(body);
      await utils.admin.tenantList.invalidate();
      onCreated(answer.tenant, answer.api_key);
    } catch (error) {
      applyServerError(form, error);
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('title')}</CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardBody>
        <Form {...form}>
          <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-5 sm:grid-cols-2" aria-label={t('title')}>
            <FieldBlock control={form.control} name="name" label={t('name')} className="min-w-0 sm:col-span-2">
              {(field) => <Input {...field} maxLength={200} autoComplete="off" />}
            </FieldBlock>
            <FieldBlock
              control={form.control}
              name="credits"
              label={t('credits')}
              description={t('creditsHelp')}
              className="min-w-0"
            >
              {(field) => <Input {...field} inputMode="numeric" autoComplete="off" />}
            </FieldBlock>
            <FieldBlock
              control={form.control}
              name="quota_monthly"
              label={t('quota')}
              description={t('quotaHelp')}
              className="min-w-0"
            >
              {(field) => <Input {...field} inputMode="numeric" autoComplete="off" />}
            </FieldBlock>
            <FieldBlock
              control={form.control}
              name="admin_email"
              label={t('email')}
              description={t('emailHelp')}
              className="min-w-0"
            >
              {(field) => <Input {...field} type="email" autoComplete="off" />}
            </FieldBlock>
            <FieldBlock
              control={form.control}
              name="admin_password"
              label={t('password')}
              description={t('passwordHelp')}
              className="min-w-0"
            >
              {(field) => <Input {...field} type="password" autoComplete="new-password" />}
            </FieldBlock>
            <FormRootError className="sm:col-span-2" />
            <div className="flex flex-wrap gap-2 sm:col-span-2">
              <Button type="submit" disabled={form.formState.isSubmitting}>
                {form.formState.isSubmitting && <Spinner />}
                {t('submit')}
              </Button>
              <Button variant="ghost" onClick={onClose}>
                {t('cancel')}
              </Button>
            </div>
          </form>
        </Form>
      </CardBody>
    </Card>
  );
}
