'use client';

import { useId, useRef, useState, type FormEvent } from 'react';
import type { ClaimPreview, RedeemAnswer } from '@/server/domain/claims/claims';
import { ErrorAlert } from '../ui/alert';
import { Button, buttonClasses } from '../ui/button';
import { Card } from '../ui/card';
import { CopyButton } from '../ui/copy-button';
import { Input } from '../ui/input';
import { Label } from '../ui/label';
import { Spinner } from '../ui/spinner';
import { Wordmark } from '../wordmark';

const STATE_TEXT: Record<Exclude<ClaimPreview['state'], 'open'>, { title: string; body: string }> = {
  redeemed: { title: '这个领取码已经被领取', body: '每个领取码只能使用一次。如果是您本人领取的，请直接登录使用；如有疑问请联系卖家。' },
  disabled: { title: '这个领取码已停用', body: '该领取码已无法领取，请联系卖家处理。' },
};

function Benefits({ preview }: { preview: ClaimPreview }) {
  return (
    <section aria-labelledby="benefits" className="space-y-4">
      <div className="rounded-2xl bg-linear-to-br from-indigo-600 to-violet-600 p-5 text-white shadow-lg shadow-indigo-600/20">
        <p className="text-sm text-indigo-100">{preview.provider} 为您准备的 AI 生图权益</p>
        <p id="benefits" className="mt-2 flex items-baseline gap-2">
          <span className="text-4xl font-semibold tracking-tight" data-testid="claim-credits">
            {preview.credits.toLocaleString('zh-CN')}
          </span>
          <span className="text-base text-indigo-100">积分</span>
        </p>
        <p className="mt-1 text-sm text-indigo-100">另含 {preview.templates.length} 款专属模板{preview.tutorial_pdf ? '，附赠教程' : ''}</p>
      </div>
      <ul className="grid grid-cols-2 gap-3" aria-label="专属模板">
        {preview.templates.map((t) => (
          <li key={t.slug} className="overflow-hidden rounded-xl bg-white ring-1 ring-slate-200">
            {t.sample_images[0] ? (
              <img src={t.sample_images[0]} alt={`${t.zh_name} 示例`} className="aspect-[4/3] w-full bg-slate-100 object-cover" />
            ) : (
              <div aria-hidden="true" className="aspect-[4/3] w-full bg-linear-to-br from-slate-100 to-indigo-100" />
            )}
            <div className="p-2.5">
              <p className="text-sm font-medium break-words text-slate-900">{t.zh_name}</p>
              {t.description && <p className="mt-0.5 line-clamp-2 text-xs text-slate-500">{t.description}</p>}
            </div>
          </li>
        ))}
      </ul>
      {preview.tutorial_pdf && (
        <p className="rounded-xl bg-amber-50 px-3 py-2.5 text-sm text-amber-900 ring-1 ring-amber-200">附赠《{preview.tutorial_pdf.title}》，领取后可下载。</p>
      )}
    </section>
  );
}

function Result({ answer }: { answer: RedeemAnswer }) {
  return (
    <section aria-labelledby="claimed" className="space-y-4" data-testid="claim-result">
      <div className="rounded-2xl bg-emerald-50 p-5 ring-1 ring-emerald-200">
        <h2 id="claimed" className="text-lg font-semibold text-emerald-900">
          领取成功
        </h2>
        <p className="mt-1 text-sm text-emerald-800">
          {answer.credits_granted} 积分和 {answer.templates.length} 款模板已加入账户 {answer.account.email}，当前共 {answer.account.credits} 积分。
        </p>
      </div>
      <Card className="space-y-3 p-5">
        <h3 className="text-base font-semibold text-slate-900">如何登录</h3>
        <p className="text-sm text-slate-600">{answer.sign_in.hint}</p>
        <dl className="space-y-2 text-sm">
          <div className="flex items-center justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2">
            <dt className="shrink-0 text-slate-500">登录邮箱</dt>
            <dd className="min-w-0 truncate font-medium text-slate-900">{answer.sign_in.email}</dd>
          </div>
          {answer.sign_in.password && (
            <div className="flex items-center justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2">
              <dt className="shrink-0 text-slate-500">登录密码</dt>
              <dd className="flex min-w-0 items-center gap-2">
                <code className="truncate font-mono text-base font-semibold text-slate-900" data-testid="claim-password">
                  {answer.sign_in.password}
                </code>
                <CopyButton value={answer.sign_in.password} label="password" />
              </dd>
            </div>
          )}
        </dl>
        <a href={answer.sign_in.url} className={buttonClasses('primary', 'lg', 'w-full')}>
          去登录使用
        </a>
        {answer.tutorial_pdf && (
          <a href={answer.tutorial_pdf.url} className={buttonClasses('secondary', 'md', 'w-full')} target="_blank" rel="noreferrer">
            下载《{answer.tutorial_pdf.title}》
          </a>
        )}
        {answer.api_key && (
          <details className="rounded-lg bg-slate-50 px-3 py-2 text-sm">
            <summary className="cursor-pointer text-slate-600">开发者：API 密钥</summary>
            <div className="mt-2 flex items-center gap-2">
              <code className="min-w-0 flex-1 truncate font-mono text-xs text-slate-700">{answer.api_key}</code>
              <CopyButton value={answer.api_key} label="API key" />
            </div>
          </details>
        )}
      </Card>
    </section>
  );
}

export function ClaimView({ preview }: { preview: ClaimPreview }) {
  const nicknameId = useId();
  const emailId = useId();
  const [nickname, setNickname] = useState('');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<RedeemAnswer | null>(null);
  // One key per visit: a resubmission after a lost answer gets the same answer, not a refusal.
  const idempotencyKey = useRef<string>(typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : String(Date.now()));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const res = await fetch('/api/social-claims', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey.current },
        body: JSON.stringify({ code: preview.code, nickname: nickname.trim(), email: email.trim() }),
      });
      const body = (await res.json()) as RedeemAnswer | { ok: false; error: string };
      if (!res.ok || !body.ok) setError('error' in body ? body.error : '领取失败，请稍后重试');
      else setAnswer(body);
    } catch {
      setError('网络连接失败，请检查网络后重试');
    } finally {
      setBusy(false);
    }
  }

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
          <Result answer={answer} />
        ) : preview.state !== 'open' ? (
          <div role="status" className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
            <h2 className="text-base font-semibold text-slate-900">{STATE_TEXT[preview.state].title}</h2>
            <p className="mt-1 text-sm text-slate-600">{STATE_TEXT[preview.state].body}</p>
            <a href="/login" className={buttonClasses('secondary', 'md', 'mt-4 w-full')}>
              已领取？去登录
            </a>
          </div>
        ) : (
          <Card className="p-5">
            <form onSubmit={submit} className="space-y-4" aria-label="领取表单">
              <div>
                <Label htmlFor={nicknameId}>昵称</Label>
                <Input id={nicknameId} value={nickname} onChange={(e) => setNickname(e.target.value)} required maxLength={50} autoComplete="nickname" className="mt-1" placeholder="怎么称呼您" />
              </div>
              <div>
                <Label htmlFor={emailId}>邮箱</Label>
                <Input
                  id={emailId}
                  type="email"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  required
                  maxLength={200}
                  autoComplete="email"
                  inputMode="email"
                  className="mt-1"
                  placeholder="用于登录和找回账户"
                />
                <p className="mt-1 text-xs text-slate-500">已有账户？填写同一邮箱，权益会加入原账户。</p>
              </div>
              {error && <ErrorAlert>{error}</ErrorAlert>}
              <Button type="submit" size="lg" className="w-full" disabled={busy}>
                {busy ? <Spinner className="size-4" /> : null}
                {busy ? '领取中…' : '立即领取'}
              </Button>
              <p className="text-center text-xs text-slate-400">每个领取码仅可使用一次</p>
            </form>
          </Card>
        )}
      </div>
    </main>
  );
}
