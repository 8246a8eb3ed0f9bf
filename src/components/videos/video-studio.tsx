'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useId, useRef, useState } from 'react';
import type { VideoTaskState } from '@/contracts/videos';
import { PlaygroundIcon, TemplatesIcon } from '@/components/icons';
import { Workbench } from '@/components/fields/workbench';
import { SourceTabs } from '@/components/playground/source-tabs';
import { useVideoForm } from './use-video-form';
import type { VideoValues } from './video-form';
import { VideoPromptField, VideoReferences, VideoSettings, VideoSubmitBar, VideoTemplateFields } from './video-fields';
import { VideoTasks } from './video-tasks';

const SOURCE_ICONS = { prompt: PlaygroundIcon, template: TemplatesIcon } as const;

interface VideoStudioProps {
  /** Credits per second of video by tier, the running server's settings; null when unknown. */
  prices: Readonly<Record<string, number>> | null;
  /** The tier the server uses for a request without `model` that needs nothing longer or sharper. */
  defaultTier: string | null;
  /** First values other than the defaults: a job run again. */
  start?: Partial<VideoValues>;
}

/** The Video page: the form beside the task list. */
export function VideoStudio({ prices, defaultTier, start }: VideoStudioProps) {
  const t = useTranslations('videos');
  const sourceTabs = (['prompt', 'template'] as const).map((value) => ({
    value,
    label: t(`sources.${value}`),
    icon: SOURCE_ICONS[value],
  }));
  const formId = useId();
  const panelId = useId();
  const results = useRef<HTMLElement>(null);
  const [filter, setFilter] = useState<VideoTaskState | 'all'>('all');
  const [page, setPage] = useState(1);
  const [lastCost, setLastCost] = useState<number | null>(null);
  const onSubmitted = useCallback((task: { credits: number | null }) => {
    // The new task is at the top of the first page of all tasks.
    setFilter('all');
    setPage(1);
    setLastCost(task.credits);
  }, []);
  const video = useVideoForm({ prices, defaultTier, results, onSubmitted, start });

  return (
    <Workbench
      eyebrow={t('eyebrow')}
      title={t('title')}
      description={t('description')}
      form={video.form}
      onSubmit={video.submit}
      busy={video.pending}
      results={<VideoTasks ref={results} filter={filter} page={page} onFilter={setFilter} onPage={setPage} />}
    >
      <SourceTabs
        label={t('startFrom')}
        tabs={sourceTabs}
        value={video.source}
        onChange={video.chooseSource}
        panelId={panelId}
        idPrefix={formId}
      />
      <div id={panelId} role="tabpanel" className="space-y-5">
        {video.source === 'prompt' ? <VideoPromptField submit={video.submit} /> : <VideoTemplateFields video={video} />}
      </div>
      <VideoSettings video={video} />
      <VideoReferences video={video} />
      <VideoSubmitBar video={video} lastCost={lastCost} />
    </Workbench>
  );
}
