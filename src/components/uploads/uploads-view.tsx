'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { z } from 'zod';
import { WORKSPACE_PATTERN } from '@/contracts/uploads';
import { Card, CardBody } from '@/components/ui/card';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  useZodForm,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/console/page-header';
import { RecentUploads } from './recent-uploads';
import { UploadCard } from './upload-card';
import { UploadDropZone } from './upload-drop-zone';
import { useUploads } from './use-uploads';

/** The optional sub-folder, by the API's rule for `workspace_id`; empty sends none. `invalid` says the rule. */
const uploadSchema = (invalid: string) =>
  z.object({
    workspace_id: z
      .string()
      .trim()
      .refine((v) => v === '' || WORKSPACE_PATTERN.test(v), invalid)
      .transform((v) => v || undefined),
  });

export function UploadsView() {
  const t = useTranslations('uploads');
  const { items, start } = useUploads();
  const schema = useMemo(() => uploadSchema(t('folder.invalid')), [t]);
  const form = useZodForm(schema, { defaultValues: { workspace_id: '' } });

  // The files go once the folder they go in is valid; otherwise the folder's problem is shown and focused.
  const send = (files: File[]) => void form.handleSubmit(({ workspace_id }) => start(files, workspace_id))();

  return (
    <div className="space-y-8">
      <PageHeader eyebrow={t('eyebrow')} title={t('title')} description={t('description')} />

      <Card>
        <CardBody className="space-y-4">
          <UploadDropZone onFiles={send} />
          <Form {...form}>
            <FormField
              control={form.control}
              name="workspace_id"
              render={({ field }) => (
                <FormItem className="flex flex-wrap items-end gap-x-3">
                  <div className="w-64 max-w-full">
                    <FormLabel>{t('folder.label')}</FormLabel>
                    <FormControl described>
                      <Input
                        {...field}
                        placeholder={t('folder.placeholder')}
                        maxLength={64}
                        autoComplete="off"
                        className="mt-1"
                      />
                    </FormControl>
                  </div>
                  <FormDescription className="pb-2">{t('folder.description')}</FormDescription>
                  <FormMessage className="basis-full" />
                </FormItem>
              )}
            />
          </Form>
        </CardBody>
      </Card>

      {items.length > 0 && (
        <section aria-label={t('sessionUploads')} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {items.map((item) => (
            <UploadCard key={item.id} item={item} />
          ))}
        </section>
      )}

      <RecentUploads />
    </div>
  );
}
