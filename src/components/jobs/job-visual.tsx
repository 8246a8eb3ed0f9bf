import { useTranslations } from 'next-intl';
import type { CSSProperties } from 'react';
import { ConvertIcon, ImageIcon, WarningIcon } from '@/components/icons';
import { cn } from '@/components/ui/cn';
import { Spinner } from '@/components/ui/spinner';
import { cssAspect, type Job } from './job-model';

/** A light checkerboard, so transparent areas of a result read as transparent. */
export const checkerboard: CSSProperties = {
  backgroundColor: '#fff',
  backgroundImage: 'repeating-conic-gradient(#e2e8f0 0% 25%, #fff 0% 50%)',
  backgroundSize: '16px 16px',
};

interface JobVisualProps {
  job: Pick<Job, 'status' | 'cdn_url' | 'ratio' | 'background' | 'prompt' | 'note' | 'error'> & { kind?: string };
  /** Large views show the pending note and error text inside the frame. */
  size?: 'thumb' | 'large';
  /** Caps the frame's height (in rem) by narrowing it, so tall results keep their shape. */
  maxHeightRem?: number;
  className?: string;
}

/** The result image in its aspect ratio, or what stands in for it while pending or after a failure. */
export function JobVisual({ job, size = 'large', maxHeightRem, className }: JobVisualProps) {
  const t = useTranslations('jobs.visual');
  const large = size === 'large';
  const transparent = job.background === 'transparent';
  const frame = cn(
    'relative overflow-hidden',
    large ? 'rounded-xl ring-1 ring-slate-200' : 'rounded-md ring-1 ring-slate-200',
    className,
  );
  const aspect = cssAspect(job.ratio);
  const [w = 1, h = 1] = aspect.split(' / ').map(Number);
  const style: CSSProperties = {
    aspectRatio: aspect,
    ...(maxHeightRem ? { width: `min(100%, ${(maxHeightRem * w) / h}rem)` } : {}),
  };

  // A video job's result is a video: its first frame as the thumbnail, a player in large views.
  if (job.status === 'done' && job.cdn_url && job.kind === 'video') {
    return (
      <div className={cn(frame, 'bg-slate-900')} style={style}>
        <video
          src={job.cdn_url}
          preload="metadata"
          muted={!large}
          playsInline
          controls={large}
          aria-label={large ? t('result', { prompt: job.prompt }) : undefined}
          aria-hidden={large ? undefined : true}
          className={cn('absolute inset-0 size-full', large ? 'object-contain' : 'object-cover')}
        />
      </div>
    );
  }

  // An image-to-template conversion makes a template, not an image: its mark stands in.
  if (job.kind === 'template' && job.status !== 'failed') {
    return (
      <div className={cn(frame, 'grid place-items-center bg-indigo-50/60')} style={style}>
        {job.status === 'pending' ? (
          <Spinner className="size-4 text-indigo-500" />
        ) : (
          <ConvertIcon className={large ? 'size-8 text-indigo-400' : 'size-5 text-indigo-500'} />
        )}
      </div>
    );
  }

  if (job.status === 'done' && job.cdn_url) {
    return (
      <div className={frame} style={{ ...style, ...(transparent ? checkerboard : { backgroundColor: '#f1f5f9' }) }}>
        {/* Results are served at their generated size by Studio's file host (or a bucket); the browser scales them. */}
        {/* eslint-disable-next-line @next/next/no-img-element -- files of the deployment's storage host, which next/image does not know */}
        <img
          src={job.cdn_url}
          alt={large ? t('result', { prompt: job.prompt }) : ''}
          loading="lazy"
          decoding="async"
          className={cn('absolute inset-0 size-full', large ? 'object-contain' : 'object-cover')}
        />
      </div>
    );
  }

  if (job.status === 'failed') {
    return (
      <div className={cn(frame, 'grid place-items-center bg-rose-50/60')} style={style}>
        <div className={cn('flex flex-col items-center text-center text-rose-700', large ? 'gap-2 px-6' : '')}>
          <WarningIcon className={large ? 'size-7 text-rose-400' : 'size-4 text-rose-400'} />
          {large && <p className="text-sm font-medium">{t('failed')}</p>}
        </div>
      </div>
    );
  }

  return (
    <div className={cn(frame, 'grid place-items-center bg-slate-50')} style={style}>
      <div
        aria-hidden="true"
        className="absolute inset-0 animate-pulse bg-linear-to-br from-indigo-50 via-white to-violet-50"
      />
      <div className={cn('relative flex flex-col items-center text-center', large ? 'gap-3 px-6' : '')}>
        {large ? (
          <>
            <span className="grid size-11 place-items-center rounded-full bg-white text-indigo-600 shadow-sm ring-1 ring-indigo-100">
              <Spinner className="size-5" />
            </span>
            <p className="text-sm font-medium text-slate-700">{t('generating')}</p>
            {job.note && <p className="max-w-xs text-xs text-balance text-slate-500">{job.note}</p>}
          </>
        ) : job.status === 'pending' ? (
          <Spinner className="size-4 text-indigo-500" />
        ) : (
          <ImageIcon className="size-4 text-slate-300" />
        )}
      </div>
    </div>
  );
}
