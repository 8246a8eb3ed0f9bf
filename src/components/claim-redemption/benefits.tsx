import type { RouterOutputs } from '@/trpc/react';

export type ClaimPreview = RouterOutputs['claims']['preview'];

/** What the code gives: the seller, the credits, each template with its sample, and any tutorial. */
export function Benefits({ preview }: { preview: ClaimPreview }) {
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
              // eslint-disable-next-line @next/next/no-img-element -- samples may live on any origin a template names; next/image allows only configured hosts
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
