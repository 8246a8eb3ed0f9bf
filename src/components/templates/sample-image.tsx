'use client';

import { useState } from 'react';
import { ImageIcon } from '@/components/icons';
import { cn } from '@/components/ui/cn';
import { ArticleIcon, VideoIcon } from '@/components/icons';
import type { TemplateKind } from './model';

const tints: Record<TemplateKind, string> = {
  image: 'from-indigo-50 via-white to-sky-50 text-indigo-400',
  article: 'from-amber-50 via-white to-rose-50 text-amber-500',
  video: 'from-emerald-50 via-white to-sky-50 text-emerald-500',
};

interface SampleImageProps {
  src: string | null | undefined;
  /** The template's name: the placeholder shows its first character. */
  name: string;
  kind: TemplateKind;
  className?: string;
  /** Text for screen readers; decorative (empty) by default, as the name is next to it. */
  alt?: string;
  /** `contain` shows the whole picture (detail pages); `cover` fills the frame (cards, thumbnails). */
  fit?: 'cover' | 'contain';
  /** Thumbnails: the placeholder shows only the glyph. */
  small?: boolean;
}

/** A template's sample picture, or a calm tinted placeholder when there is none or it fails to load. */
export function SampleImage({ src, name, kind, className, alt = '', fit = 'cover', small }: SampleImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const show = src && failed !== src;
  const Glyph = kind === 'article' ? ArticleIcon : kind === 'video' ? VideoIcon : ImageIcon;
  return (
    <div className={cn('relative overflow-hidden bg-slate-100', className)}>
      {show ? (
        // Samples are addresses of any origin the template's owner typed in; next/image would need each host configured.
        // eslint-disable-next-line @next/next/no-img-element
        <img
          src={src}
          alt={alt}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(src)}
          className={cn('absolute inset-0 size-full', fit === 'contain' ? 'object-contain' : 'object-cover')}
        />
      ) : (
        <div
          className={cn('absolute inset-0 grid place-items-center bg-linear-to-br', tints[kind])}
          data-testid="sample-placeholder"
          role={alt ? 'img' : undefined}
          aria-label={alt || undefined}
        >
          {small ? (
            <Glyph className="size-5 opacity-80" />
          ) : (
            <div className="flex flex-col items-center gap-1.5">
              <span aria-hidden="true" className="text-3xl font-semibold text-slate-300/90">
                {Array.from(name.trim())[0] ?? ''}
              </span>
              <Glyph className="size-5 opacity-70" />
            </div>
          )}
        </div>
      )}
    </div>
  );
}
