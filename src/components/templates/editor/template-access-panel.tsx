'use client';

import { useTranslations } from 'next-intl';
import { useFormContext } from 'react-hook-form';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import type { AnyTemplate } from '@/components/templates/model';
import type { TemplateFormValues } from './template-form';
import { SwitchField } from '@/components/editor/toggle-row';

/** Gated, and Active for a new template; an existing one is (de)activated with its own button. */
export function TemplateAccessPanel({ template }: { template?: AnyTemplate }) {
  const t = useTranslations('templates.access');
  const { control } = useFormContext<TemplateFormValues>();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('title')}</CardTitle>
      </CardHeader>
      <CardBody className="space-y-5">
        <SwitchField control={control} name="gated" label={t('gated')} description={t('gatedDescription')} />
        {template ? (
          <p className="text-sm text-slate-600">
            {t.rich('status', {
              active: String(template.active),
              b: (chunks) => <span className="font-medium text-slate-900">{chunks}</span>,
            })}
          </p>
        ) : (
          <SwitchField control={control} name="active" label={t('active')} description={t('activeDescription')} />
        )}
      </CardBody>
    </Card>
  );
}
