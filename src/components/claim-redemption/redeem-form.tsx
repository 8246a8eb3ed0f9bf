'use client';

import { Card } from '../ui/card';
import { FieldBlock, Form, FormRootError } from '../ui/form';
import { Input } from '../ui/input';
import { SubmitButton } from '../console/form-parts';
import type { useRedeemForm } from './use-redeem-form';

/** The buyer's nickname and email, and the button that redeems the code. */
export function RedeemForm({ form, submit }: Pick<ReturnType<typeof useRedeemForm>, 'form' | 'submit'>) {
  return (
    <Card className="p-5">
      <Form {...form}>
        <form onSubmit={submit} noValidate className="space-y-4" aria-label="领取表单">
          <FieldBlock control={form.control} name="nickname" label="昵称">
            {(field) => <Input maxLength={50} autoComplete="nickname" placeholder="怎么称呼您" {...field} />}
          </FieldBlock>
          <FieldBlock control={form.control} name="email" label="邮箱" description="已有账户？填写同一邮箱，权益会加入原账户。">
            {(field) => <Input type="email" maxLength={200} autoComplete="email" inputMode="email" placeholder="用于登录和找回账户" {...field} />}
          </FieldBlock>
          <FormRootError />
          <SubmitButton pending={form.formState.isSubmitting} pendingLabel="领取中…" size="lg" className="w-full">
            立即领取
          </SubmitButton>
          <p className="text-center text-xs text-slate-400">每个领取码仅可使用一次</p>
        </form>
      </Form>
    </Card>
  );
}
