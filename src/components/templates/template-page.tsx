'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { trpc } from '@/trpc/react';
import { ErrorAlert } from '@/components/ui/alert';
import { ListState } from '@/components/ui/list-state';
import { Spinner } from '@/components/ui/spinner';
import { TemplatesBackLink } from './back-link';
import { listInput, type AnyTemplate, type TemplateKind } from './model';
import { TemplateEditor } from '@/components/templates/editor/template-editor';
import { TemplateView } from '@/components/templates/view/template-view';

/** A new template of the given type. */
export function NewTemplatePage({ kind }: { kind: TemplateKind }) {
  return <TemplateEditor key={kind} kind={kind} />;
}

/**
 * One template by id: the editor for the workspace's own, a read-only view for platform ones.
 * `video` picks the video store (its ids are separate).
 */
export function TemplatePage({ id, video }: { id: string; video: boolean }) {
  const t = useTranslations('templates.page');
  const store = trpc.templates.list.useQuery(listInput('all'), { enabled: !video });
  const videos = trpc.templates.listVideo.useQuery(listInput('all'), { enabled: video });
  const query = video ? videos : store;

  const found = useMemo<AnyTemplate | undefined>(() => {
    if (video) {
      const row = videos.data?.templates.find((x) => x.id === id);
      return row && { ...row, kind: 'video' as const };
    }
    const row = store.data?.templates.find((x) => x.id === id);
    return row && { ...row, kind: row.type };
  }, [id, video, store.data, videos.data]);

  // The editor starts from the row as first loaded (keyed by id); later refreshes only update its header.
  if (found)
    return found.source === 'mine' ? (
      <TemplateEditor key={found.id} template={found} kind={found.kind} />
    ) : (
      <TemplateView t={found} />
    );
  return (
    <div className="space-y-6">
      <TemplatesBackLink />
      <ListState
        query={query}
        empty
        loading={
          <div className="flex items-center gap-2 text-sm text-slate-500" aria-busy="true">
            <Spinner /> {t('loading')}
          </div>
        }
        placeholder={<ErrorAlert>{t('missing')}</ErrorAlert>}
      >
        {null}
      </ListState>
    </div>
  );
}
