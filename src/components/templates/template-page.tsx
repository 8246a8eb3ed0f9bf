'use client';

import Link from 'next/link';
import { useMemo } from 'react';
import { trpc } from '@/trpc/react';
import { ArrowLeftIcon } from '../icons';
import { ErrorAlert } from '../ui/alert';
import { Spinner } from '../ui/spinner';
import { draftOf, emptyDraft, type AnyTemplate, type TemplateKind } from './model';
import { TemplateEditor } from './template-editor';
import { TemplateView } from './template-view';

const BackLink = () => (
  <Link
    href="/templates"
    className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-slate-500 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
  >
    <ArrowLeftIcon className="size-4" />
    Templates
  </Link>
);

/** A new template of the given type. */
export function NewTemplatePage({ kind }: { kind: TemplateKind }) {
  const initial = useMemo(() => emptyDraft(kind), [kind]);
  return <TemplateEditor key={kind} initial={initial} />;
}

/**
 * One template by id: the editor for the workspace's own, a read-only view for platform ones.
 * `video` picks the video store (its ids are separate).
 */
export function TemplatePage({ id, video }: { id: string; video: boolean }) {
  const store = trpc.templates.list.useQuery({ source: 'all' }, { enabled: !video });
  const videos = trpc.templates.listVideo.useQuery({ source: 'all' }, { enabled: video });
  const query = video ? videos : store;

  const found = useMemo<AnyTemplate | undefined>(() => {
    if (video) {
      const t = videos.data?.templates.find((x) => x.id === id);
      return t && { ...t, kind: 'video' as const };
    }
    const t = store.data?.templates.find((x) => x.id === id);
    return t && { ...t, kind: t.type };
  }, [id, video, store.data, videos.data]);
  // The editor starts from the row as first loaded; later refreshes must not overwrite the user's typing.
  const foundId = found?.id;
  const initial = useMemo(() => (found ? draftOf(found) : null), [foundId]);

  if (query.isError) {
    return (
      <div className="space-y-6">
        <BackLink />
        <ErrorAlert>
          {query.error.message}{' '}
          <button type="button" className="font-medium underline" onClick={() => void query.refetch()}>
            Try again
          </button>
        </ErrorAlert>
      </div>
    );
  }
  if (query.isPending) {
    return (
      <div className="space-y-6" aria-busy="true">
        <BackLink />
        <div className="flex items-center gap-2 text-sm text-slate-500">
          <Spinner /> Loading the template…
        </div>
      </div>
    );
  }
  if (!found || !initial) {
    return (
      <div className="space-y-6">
        <BackLink />
        <ErrorAlert>This template does not exist, belongs to another workspace, or is no longer offered.</ErrorAlert>
      </div>
    );
  }
  if (found.source !== 'mine') return <TemplateView t={found} />;
  return <TemplateEditor key={found.id} template={found} initial={initial} />;
}
