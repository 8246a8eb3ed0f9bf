'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { trpc, type RouterOutputs } from '@/trpc/react';
import { ARTICLE_TEMPLATES_INPUT } from '@/components/articles/reads';
import { useErrorText } from '@/components/console/use-error-text';
import { ArticleIcon, VideoIcon } from '@/components/icons';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyButton } from '@/components/ui/copy-button';
import { VIDEO_MODELS_INPUT, VIDEO_TEMPLATES_INPUT } from '@/components/videos/reads';
import { autoTierId, estimateCredits, templateDefaults, type VideoTier } from '@/components/videos/video-form';
import { hookInput, type JobDetailAnswer, type JobRequest } from './job-rerun';

export interface HookPrices {
  article: number;
  /** Credits per second by video tier (`default` for the others). */
  video: Readonly<Record<string, number>>;
  defaultTier: string | null;
}

interface HookSource {
  jobId: string;
  imageUrl: string;
  prompt: string;
  input: JobRequest['input'];
}

type Written = RouterOutputs['article']['write'];

/**
 * Template hooks followed through: the image template this job came from is bound to an article or a
 * video template, so the job offers that next step with its own image and input, after a confirmation
 * that says what it costs. Studio never runs a hook by itself.
 */
export function JobHooks({
  hooks,
  source,
  prices,
}: {
  hooks: JobDetailAnswer['hooks'];
  source: HookSource;
  prices: HookPrices;
}) {
  const t = useTranslations('jobDetail.hooks');
  return (
    <Card data-testid="job-hooks">
      <CardHeader>
        <CardTitle>{t('title')}</CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardBody className="space-y-4">
        {hooks.map((h) =>
          h.hook_type === 'article' ? (
            <ArticleHook key={h.hook_type} slug={h.hook_template_slug} source={source} price={prices.article} />
          ) : (
            <VideoHook key={h.hook_type} slug={h.hook_template_slug} source={source} prices={prices} />
          ),
        )}
      </CardBody>
    </Card>
  );
}

function ArticleHook({ slug, source, price }: { slug: string; source: HookSource; price: number }) {
  const t = useTranslations('jobDetail.hooks');
  const errorText = useErrorText();
  const templates = trpc.templates.list.useQuery(ARTICLE_TEMPLATES_INPUT, { staleTime: 60_000 });
  const write = trpc.article.write.useMutation();
  const utils = trpc.useUtils();
  const [open, setOpen] = useState(false);
  const [written, setWritten] = useState<Written | null>(null);
  const template = templates.data?.templates.find((x) => x.slug === slug && x.type === 'article' && x.active);
  const { input, missing } = hookInput(template?.fields ?? null, source);
  const direct = !!template && !template.locked && missing.length === 0;

  async function confirm() {
    try {
      setWritten(await write.mutateAsync({ template_slug: slug, ...(input !== undefined ? { input } : {}) }));
      setOpen(false);
    } catch {
      // Shown in the dialog.
    } finally {
      void utils.session.me.invalidate();
    }
  }

  return (
    <section className="space-y-3">
      <HookRow
        icon={<ArticleIcon className="size-5" />}
        name={template?.zh_name ?? slug}
        kind={t('articleKind')}
        action={
          direct ? (
            <button
              type="button"
              className={buttonClasses('primary', 'sm')}
              onClick={() => setOpen(true)}
              disabled={templates.isPending}
            >
              {t('writeArticle')}
            </button>
          ) : (
            <Link href={`/articles?template=${encodeURIComponent(slug)}`} className={buttonClasses('secondary', 'sm')}>
              {t('openArticles')}
            </Link>
          )
        }
        note={template && missing.length > 0 ? t('missing', { fields: missing.join(', ') }) : null}
      />
      <ConfirmDialog
        open={open}
        tone="primary"
        title={t('confirmArticle', { name: template?.zh_name ?? slug })}
        confirmLabel={t('confirmWrite', { credits: price })}
        busy={write.isPending}
        error={write.error ? errorText(write.error) : null}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      >
        <InputPreview input={input} imageUrl={source.imageUrl} />
        <p className="mt-3 font-medium text-slate-800">{t('cost', { credits: price })}</p>
      </ConfirmDialog>
      {written && <WrittenArticle article={written} imageUrl={source.imageUrl} />}
    </section>
  );
}

function VideoHook({ slug, source, prices }: { slug: string; source: HookSource; prices: HookPrices }) {
  const t = useTranslations('jobDetail.hooks');
  const errorText = useErrorText();
  const router = useRouter();
  const templates = trpc.templates.listVideo.useQuery(VIDEO_TEMPLATES_INPUT, { staleTime: 60_000 });
  const models = trpc.models.available.useQuery(VIDEO_MODELS_INPUT, { staleTime: 60_000 });
  const submit = trpc.videos.submit.useMutation();
  const utils = trpc.useUtils();
  const [open, setOpen] = useState(false);
  const template = templates.data?.templates.find((x) => x.slug === slug && x.active);
  const { input, missing } = hookInput(template?.fields ?? null, source);
  const direct = !!template && !template.locked && missing.length === 0;
  const tiers = (models.data?.models ?? []).filter((m): m is VideoTier & { kind: 'tier' } => m.kind === 'tier');
  const duration = (template && templateDefaults(template).duration) ?? 5;
  const estimate = estimateCredits(prices.video, autoTierId(tiers, prices.defaultTier, duration, undefined), duration);

  async function confirm() {
    try {
      const answer = await submit.mutateAsync({
        template_id: slug,
        images: [source.imageUrl],
        ...(input !== undefined ? { input } : {}),
      });
      router.push(`/jobs/${answer.id}`);
    } catch {
      // Shown in the dialog.
    } finally {
      void utils.session.me.invalidate();
    }
  }

  return (
    <section>
      <HookRow
        icon={<VideoIcon className="size-5" />}
        name={template?.zh_name ?? slug}
        kind={t('videoKind')}
        action={
          direct ? (
            <button type="button" className={buttonClasses('primary', 'sm')} onClick={() => setOpen(true)}>
              {t('makeVideo')}
            </button>
          ) : (
            <Link href="/videos" className={buttonClasses('secondary', 'sm')}>
              {t('openVideos')}
            </Link>
          )
        }
        note={template && missing.length > 0 ? t('missing', { fields: missing.join(', ') }) : null}
      />
      <ConfirmDialog
        open={open}
        tone="primary"
        title={t('confirmVideo', { name: template?.zh_name ?? slug })}
        confirmLabel={t('confirmMake')}
        busy={submit.isPending}
        error={submit.error ? errorText(submit.error) : null}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      >
        <p>{t('firstFrame')}</p>
        <InputPreview input={input} imageUrl={source.imageUrl} />
        <p className="mt-3 font-medium text-slate-800">
          {estimate === null ? t('costUnknown') : t('videoCost', { credits: estimate, seconds: duration })}
        </p>
      </ConfirmDialog>
    </section>
  );
}

function HookRow({
  icon,
  name,
  kind,
  action,
  note,
}: {
  icon: ReactNode;
  name: string;
  kind: string;
  action: ReactNode;
  note: string | null;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-indigo-50 text-indigo-600">{icon}</span>
      <div className="min-w-0 flex-1">
        <p className="text-xs text-slate-500">{kind}</p>
        <p className="truncate font-medium text-slate-900">{name}</p>
        {note && <p className="text-xs text-amber-700">{note}</p>}
      </div>
      {action}
    </div>
  );
}

/** What the downstream template will be given, beside the image it follows. */
function InputPreview({ input, imageUrl }: { input: string | Record<string, string> | undefined; imageUrl: string }) {
  const t = useTranslations('jobDetail.hooks');
  return (
    <div className="mt-3 flex gap-3">
      {/* eslint-disable-next-line @next/next/no-img-element -- the job's own stored result */}
      <img
        src={imageUrl}
        alt={t('imageAlt')}
        className="size-16 shrink-0 rounded-md object-cover ring-1 ring-slate-200"
      />
      <div className="min-w-0 text-sm">
        {input === undefined ? (
          <p className="text-slate-500">{t('noInput')}</p>
        ) : typeof input === 'string' ? (
          <p className="line-clamp-4">{input}</p>
        ) : (
          <dl className="space-y-0.5">
            {Object.entries(input).map(([k, v]) => (
              <div key={k} className="flex gap-2">
                <dt className="text-slate-500">{k}</dt>
                <dd className="truncate">{v}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </div>
  );
}

function WrittenArticle({ article, imageUrl }: { article: Written; imageUrl: string }) {
  const t = useTranslations('jobDetail.hooks');
  const all = [article.title, article.body, ...(article.hashtags ?? [])].join('\n\n');
  return (
    <article
      className="grid gap-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200 sm:grid-cols-[8rem_minmax(0,1fr)]"
      data-testid="hook-article"
    >
      {/* eslint-disable-next-line @next/next/no-img-element -- the job's own stored result */}
      <img src={imageUrl} alt={t('imageAlt')} className="w-full rounded-lg object-cover ring-1 ring-slate-200" />
      <div className="min-w-0 space-y-2">
        <div className="flex items-start justify-between gap-2">
          <h3 className="font-semibold break-words text-slate-900">{article.title}</h3>
          <CopyButton value={all} label={t('copyArticle')} />
        </div>
        <p className="text-sm whitespace-pre-wrap break-words text-slate-700">{article.body}</p>
        {article.hashtags && <p className="text-sm text-indigo-600">{article.hashtags.join(' ')}</p>}
        <p className="text-xs text-slate-500">{t('charged', { credits: article.credits })}</p>
      </div>
    </article>
  );
}
