'use client';

import { buttonClasses } from '../ui/button';
import { Wordmark } from '../wordmark';
import { Benefits, type ClaimPreview } from './benefits';
import { RedeemForm } from './redeem-form';
import { RedeemResult } from './redeem-result';
import { useRedeemForm } from './use-redeem-form';

const STATE_TEXT: Record<Exclude<ClaimPreview['state'], 'open'>, { title: string; body: string }> = {
  redeemed: { title: '这个领取码已经被领取', body: '每个领取码只能使用一次。如果是您本人领取的，请直接登录使用；如有疑问请联系卖家。' },
  disabled: { title: '这个领取码已停用', body: '该领取码已无法领取，请联系卖家处理。' },
};

/** The public page a buyer opens from the seller's message: what the code gives, and a form to redeem it. */
export function ClaimView({ preview }: { preview: ClaimPreview }) {
  const { form, submit, answer } = useRedeemForm(preview.code);

  return (
    <main lang="zh-CN" className="relative isolate min-h-screen px-4 py-8 sm:py-12">
      <div aria-hidden="true" className="absolute inset-x-0 top-0 -z-10 h-80 bg-[radial-gradient(70%_100%_at_50%_0%,var(--color-indigo-100),transparent)]" />
      <div className="mx-auto w-full max-w-md space-y-6">
        <header className="flex items-center justify-between">
          <Wordmark />
          <span className="text-xs text-slate-500">权益领取</span>
        </header>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">领取您的 AI 生图权益</h1>
        <Benefits preview={preview} />
        {answer ? (
          <RedeemResult answer={answer} />
        ) : preview.state !== 'open' ? (
          <div role="status" className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
            <h2 className="text-base font-semibold text-slate-900">{STATE_TEXT[preview.state].title}</h2>
            <p className="mt-1 text-sm text-slate-600">{STATE_TEXT[preview.state].body}</p>
            <a href="/login" className={buttonClasses('secondary', 'md', 'mt-4 w-full')}>
              已领取？去登录
            </a>
          </div>
        ) : (
          <RedeemForm form={form} submit={submit} />
        )}
      </div>
    </main>
  );
}
