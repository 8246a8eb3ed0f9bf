'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { TextLayer } from '@/contracts/image-template';
import { cn } from '@/components/ui/cn';
import { layerBox } from './conversion';

interface LayerCanvasProps {
  image: string;
  name: string;
  /** The image's aspect (width / height) until it has loaded. */
  ratio: string;
  layers: readonly TextLayer[];
  active: number | null;
  selected: number | null;
  onHover: (index: number | null) => void;
  onSelect: (index: number | null) => void;
}

function aspectOf(ratio: string): number {
  const m = /^(\d+):(\d+)$/.exec(ratio);
  return m ? Number(m[1]) / Number(m[2]) : 1;
}

/** The image with a numbered box over each text, where the conversion found it. */
export function LayerCanvas({ image, name, ratio, layers, active, selected, onHover, onSelect }: LayerCanvasProps) {
  const t = useTranslations('imageTemplate.canvas');
  const [aspect, setAspect] = useState(() => aspectOf(ratio));
  return (
    <div className="relative mx-auto w-full max-w-md" data-testid="layer-canvas">
      {/* eslint-disable-next-line @next/next/no-img-element -- uploaded files are served from the deployment's storage */}
      <img
        src={image}
        alt={t('image', { name })}
        className="block h-auto w-full rounded-xl bg-slate-100 ring-1 ring-slate-200"
        onLoad={(e) => {
          const img = e.currentTarget;
          if (img.naturalWidth && img.naturalHeight) setAspect(img.naturalWidth / img.naturalHeight);
        }}
      />
      <ol className="absolute inset-0" onMouseLeave={() => onHover(null)}>
        {layers.map((layer, i) => {
          const box = layerBox(layer, aspect);
          const on = active === i;
          return (
            <li
              key={i}
              className="absolute"
              style={{ left: `${box.left}%`, top: `${box.top}%`, width: `${box.width}%`, height: `${box.height}%` }}
            >
              <button
                type="button"
                data-testid="layer-box"
                data-active={on || undefined}
                aria-label={t('box', { n: i + 1, content: layer.content })}
                aria-pressed={selected === i}
                title={t('boxTitle', { role: layer.role, content: layer.content })}
                onMouseEnter={() => onHover(i)}
                onClick={() => onSelect(selected === i ? null : i)}
                className={cn(
                  'block size-full rounded-sm border-2 transition focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600',
                  layer.is_variable ? 'border-indigo-500' : 'border-dashed border-amber-500',
                  on
                    ? 'bg-indigo-500/25 shadow-[0_0_0_3px_rgba(255,255,255,0.85)]'
                    : 'bg-white/10 hover:bg-indigo-500/15',
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'absolute -top-2 -left-2 grid size-5 place-items-center rounded-full text-[11px] font-semibold text-white shadow',
                    layer.is_variable ? 'bg-indigo-600' : 'bg-amber-600',
                  )}
                >
                  {i + 1}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
