'use client';

import Link from 'next/link';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { trpc, type RouterOutputs } from '@/trpc/react';
import { ArticlesIcon, CoinsIcon, LockIcon } from '../icons';
import { ErrorAlert } from '../ui/alert';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Spinner } from '../ui/spinner';
import {
  collectInput,
  emptyDraft,
  errorKey,
  inputIdForError,
  isForm,
  placeServerError,
  RECIPE_ERROR,
  SENTENCE_ERROR,
  sentenceInputId,
  type Draft,
  type FormErrors,
} from '../fields/field-model';
import { FieldsForm, SentenceField } from '../fields/fields-form';
import { RecipePicker, type RecipeOption } from '../fields/recipe-picker';
import { useServerSeed } from '../fields/use-server-seed';
import { InputKindBadge } from '../skills/skill-badges';
import { ArticleResult, FormatBadge, FormatGlyph, type WrittenArticle } from './article-result';
import { FORMAT_HINT, formatLabel, isArticleFormat } from './formats';

type Me = RouterOutputs['session']['me'];
type Template = RouterOutputs['templates']['list']['templates'][number];

/** How many results of this visit stay on the page. */
const KEEP_RESULTS = 6;
const formatNumber = new Intl.NumberFormat('en-US').format;

interface ArticleWriterProps {
  initialMe: Me;
  /** Credits per article, the running server's setting. */
  price: number;
  initialTemplates: Template[] | null;
  /** `?template=<slug>` of the address. */
  startTemplate: string | null;
}

export function ArticleWriter({ initialMe, price, initialTemplates, startTemplate }: ArticleWriterProps) {
  const formId = useId();
  const utils = trpc.useUtils();
  const [slug, setSlug] = useState<string | null>(startTemplate);
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [clientErrors, setClientErrors] = useState<FormErrors>({});
  const [written, setWritten] = useState<WrittenArticle[]>([]);
  const results = useRef<HTMLElement>(null);
  const counter = useRef(0);

  const me = trpc.session.me.useQuery(undefined, { initialData: initialMe });
  const write = trpc.article.write.useMutation();
  const seed = useMemo(() => (initialTemplates ? { ok: true as const, templates: initialTemplates } : null), [initialTemplates]);
  const templatesQuery = trpc.templates.list.useQuery(
    { type: 'article', source: 'all' },
    { staleTime: 60_000, ...(seed ? { initialData: seed } : {}) },
  );
  const setTemplates = useCallback((d: NonNullable<typeof seed>) => utils.templates.list.setData({ type: 'article', source: 'all' }, d), [utils]);
  const templatesData = useServerSeed(templatesQuery, seed, setTemplates);
  const templates = useMemo(() => (templatesData?.templates ?? []).filter((t) => t.active && t.type === 'article'), [templatesData]);
  const template = slug ? (templates.find((t) => t.slug === slug) ?? templates.find((t) => t.id === slug)) : undefined;
  const draft = (template && drafts[template.slug]) ?? emptyDraft;
  const fields = template?.fields ?? null;

  useEffect(() => {
    const href = template || slug ? `/articles?template=${encodeURIComponent(template?.slug ?? slug ?? '')}` : '/articles';
    if (`${window.location.pathname}${window.location.search}` !== href) window.history.replaceState(window.history.state, '', href);
  }, [template, slug]);

  const resetWrite = write.reset;
  useEffect(() => resetWrite(), [template?.slug, resetWrite]);

  const placed = write.error ? placeServerError(write.error.message, fields, 'template_slug') : null;
  const placedKey = placed ? errorKey(placed.target) : null;
  const errors: FormErrors = placed && placedKey ? { ...clientErrors, [placedKey]: placed.text } : clientErrors;
  const serverError = placed && !placedKey ? placed.text : null;
  const credits = me.data.tenant.credits;
  const locked = !!template?.locked;

  function update(change: Partial<Draft>, clear: string) {
    if (!template) return;
    const key = template.slug;
    setDrafts((all) => ({ ...all, [key]: { ...(all[key] ?? emptyDraft), ...change } }));
    if (clientErrors[clear]) setClientErrors(({ [clear]: _, ...rest }) => rest);
    if (placedKey === clear) resetWrite();
  }

  function focusError(key: string) {
    document.getElementById(inputIdForError(formId, key))?.focus();
  }

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    if (write.isPending || locked) return;
    if (!template) {
      setClientErrors({ [RECIPE_ERROR]: 'Choose a template first.' });
      return;
    }
    // Article templates without fields always need the sentence.
    const collected = collectInput(fields, 'required', draft);
    if (collected.errors) {
      setClientErrors(collected.errors);
      const first = Object.keys(collected.errors)[0];
      if (first) focusError(first);
      return;
    }
    setClientErrors({});
    if (window.matchMedia('(max-width: 1023px)').matches) {
      requestAnimationFrame(() => results.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
    }
    try {
      const answer = await write.mutateAsync({
        template_slug: template.slug,
        ...(collected.input === undefined ? {} : { input: collected.input }),
      });
      const article: WrittenArticle = {
        id: `article-${++counter.current}`,
        templateSlug: answer.template_slug,
        templateName: template.zh_name,
        format: answer.format,
        title: answer.title,
        body: answer.body,
        ...(answer.hashtags ? { hashtags: answer.hashtags } : {}),
        credits: answer.credits,
        at: new Date(),
      };
      setWritten((all) => [article, ...all].slice(0, KEEP_RESULTS));
    } catch (err) {
      const where = placeServerError(err instanceof Error ? err.message : '', fields, 'template_slug');
      const key = errorKey(where.target);
      if (key && key !== RECIPE_ERROR) requestAnimationFrame(() => focusError(key));
    } finally {
      void utils.session.me.invalidate();
    }
  }

  const [latest, ...earlier] = written;

  return (
    <div className="space-y-8">
      <header>
        <p className="text-sm font-medium text-indigo-600">Articles</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Write copy</h1>
        <p className="mt-2 text-sm text-slate-500">
          Xiaohongshu notes, WeChat articles, product details and video scripts from a template, ready to copy and post.
        </p>
      </header>

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,25rem)_minmax(0,1fr)] xl:grid-cols-[minmax(0,28rem)_minmax(0,1fr)]">
        <Card className="lg:sticky lg:top-6">
          <form onSubmit={submit} className="space-y-6 p-5 sm:p-6" noValidate aria-busy={write.isPending}>
            <RecipePicker
              noun="template"
              legend="Template"
              options={templates.map(articleOption)}
              value={template?.slug ?? null}
              onChange={(next) => {
                setSlug(next);
                setClientErrors({});
              }}
              loading={!templatesData && templatesQuery.isPending}
              loadError={!templatesData && templatesQuery.isError ? templatesQuery.error.message : null}
              onRetry={() => void templatesQuery.refetch()}
              error={errors[RECIPE_ERROR]}
              missing={slug && !template && templatesData ? slug : null}
              fallbackIcon={<FormatGlyph format={null} />}
              empty={
                <>
                  No article templates yet. Create one under{' '}
                  <Link href="/templates" className="font-medium text-indigo-600 hover:text-indigo-500">
                    Templates
                  </Link>
                  .
                </>
              }
            />

            {template &&
              (locked ? (
                <div className="flex gap-2.5 rounded-lg bg-amber-50 px-3 py-2.5 text-xs leading-5 text-amber-900 ring-1 ring-amber-200 ring-inset">
                  <LockIcon className="mt-0.5 size-4 shrink-0" />
                  <div>
                    <p className="font-medium">This template comes with a claim code.</p>
                    <p className="mt-0.5">Its form opens once your workspace redeems a claim code that includes it.</p>
                  </div>
                </div>
              ) : isForm(fields) ? (
                <FieldsForm
                  idPrefix={formId}
                  fields={fields}
                  values={draft.values}
                  errors={errors}
                  disabled={write.isPending}
                  onChange={(key, value) => update({ values: { ...draft.values, [key]: value } }, key)}
                  onSubmitShortcut={() => void submit()}
                />
              ) : (
                <SentenceField
                  id={sentenceInputId(formId)}
                  label="Your sentence"
                  value={draft.sentence}
                  onChange={(sentence) => update({ sentence }, SENTENCE_ERROR)}
                  required
                  disabled={write.isPending}
                  error={errors[SENTENCE_ERROR]}
                  onSubmitShortcut={() => void submit()}
                  placeholder="What should it be about? e.g. 上班族的 10 分钟早餐"
                  hint="One sentence is enough: the template does the rest. Press Ctrl+Enter to write."
                />
              ))}

            <div className="space-y-3 border-t border-slate-100 pt-5">
              {serverError && <ErrorAlert data-testid="write-error">{serverError}</ErrorAlert>}
              <div className="flex flex-wrap items-center justify-between gap-3">
                <p className="flex items-center gap-1.5 text-sm text-slate-600">
                  <CoinsIcon className="size-4 text-indigo-500" />
                  <span>
                    <span className="font-semibold text-slate-900">{price}</span> credit{price === 1 ? '' : 's'}
                    <span className="text-slate-400"> · </span>
                    <span data-testid="articles-credits" className="tabular-nums">
                      {formatNumber(credits)}
                    </span>{' '}
                    available
                  </span>
                </p>
                <Button type="submit" size="lg" disabled={write.isPending || locked} className="min-w-36 flex-1 sm:flex-none">
                  {write.isPending ? (
                    <>
                      <Spinner /> Writing…
                    </>
                  ) : (
                    'Write'
                  )}
                </Button>
              </div>
              {credits < price && <p className="text-xs text-amber-700">Not enough credits to write; ask your operator for more.</p>}
            </div>
          </form>
        </Card>

        <section ref={results} aria-label="Written copy" className="min-w-0 scroll-mt-20 space-y-6">
          <div aria-live="polite" className="sr-only">
            {write.isPending ? 'Writing…' : latest ? `Written: ${latest.title}` : ''}
          </div>
          {write.isPending ? (
            <WritingPlaceholder format={template?.format ?? null} />
          ) : latest ? (
            <ArticleResult key={latest.id} article={latest} />
          ) : (
            <EmptyResult />
          )}
          {(write.isPending ? written : earlier).length > 0 && (
            <div>
              <h2 className="mb-3 text-sm font-semibold text-slate-900">Earlier in this session</h2>
              <ul className="space-y-2">
                {(write.isPending ? written : earlier).map((a) => (
                  <li key={a.id}>
                    <details className="group rounded-xl bg-white shadow-sm ring-1 ring-slate-200/80 open:ring-slate-300">
                      <summary className="flex cursor-pointer list-none items-center gap-3 rounded-xl px-4 py-3 focus-visible:outline-2 focus-visible:outline-indigo-600 [&::-webkit-details-marker]:hidden">
                        <FormatBadge format={a.format} />
                        <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-800">{a.title}</span>
                        <span className="shrink-0 text-xs text-slate-400 group-open:hidden">Show</span>
                        <span className="hidden shrink-0 text-xs text-slate-400 group-open:inline">Hide</span>
                      </summary>
                      <div className="px-2 pb-2">
                        <ArticleResult article={a} headingLevel={3} />
                      </div>
                    </details>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}

function articleOption(t: Template): RecipeOption {
  const format = isArticleFormat(t.format) ? t.format : null;
  return {
    value: t.slug,
    name: t.zh_name,
    description: t.description,
    keywords: [t.category, t.domain, t.format ?? '', formatLabel(t.format)].join(' '),
    group: t.source === 'mine' ? 'Your templates' : 'Platform templates',
    locked: t.locked,
    lockedReason: 'Comes with a claim code',
    icon: <FormatGlyph format={t.format} />,
    meta: (
      <>
        <FormatBadge format={t.format} />
        {t.fields && <InputKindBadge fields={t.fields} />}
        {format && <span className="text-xs text-slate-500">{FORMAT_HINT[format]}</span>}
      </>
    ),
  };
}

function WritingPlaceholder({ format }: { format: string | null }) {
  return (
    <Card className="overflow-hidden" aria-busy="true" data-testid="article-writing">
      <div className="flex items-center gap-3 border-b border-slate-100 px-4 py-3 sm:px-5">
        <Spinner className="size-4 text-indigo-600" />
        <p className="text-sm font-medium text-slate-700">Writing your {formatLabel(format).toLowerCase()}…</p>
        <p className="ml-auto text-xs text-slate-400">Usually a few seconds</p>
      </div>
      <div className="space-y-4 px-4 py-6 sm:px-6">
        <div className="h-6 w-2/3 animate-pulse rounded bg-slate-100" />
        <div className="space-y-2">
          {[100, 95, 98, 80, 92, 60].map((w, i) => (
            <div key={i} className="h-3.5 animate-pulse rounded bg-slate-100" style={{ width: `${w}%` }} />
          ))}
        </div>
      </div>
    </Card>
  );
}

function EmptyResult() {
  return (
    <div className="grid min-h-80 place-items-center rounded-2xl border-2 border-dashed border-slate-200 bg-white/60 px-6 py-12 text-center">
      <div className="flex max-w-sm flex-col items-center">
        <span className="grid size-12 place-items-center rounded-xl bg-indigo-50 text-indigo-600 ring-1 ring-indigo-100">
          <ArticlesIcon className="size-6" />
        </span>
        <h2 className="mt-4 text-base font-semibold text-slate-900">Your copy appears here</h2>
        <p className="mt-1 text-sm text-balance text-slate-500">
          Choose a template, fill in what it asks and press Write. Title, body and hashtags each get a copy button.
        </p>
      </div>
    </div>
  );
}
