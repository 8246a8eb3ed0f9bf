import type { CSSProperties, ReactNode } from 'react';
import { ImageIcon } from '@/components/icons';
import { cn } from '@/components/ui/cn';

/** W:H as a number (width over height); 1 when the text is not a ratio. */
export function ratioValue(ratio: string | null | undefined): number {
  const m = /^(\d{1,3}):(\d{1,3})$/.exec(ratio ?? '');
  const w = Number(m?.[1]);
  const h = Number(m?.[2]);
  return w > 0 && h > 0 ? w / h : 1;
}

interface RecipeThumbProps {
  src: string | null | undefined;
  /** The recipe's W:H; the picture is shown in that shape, as large as the frame allows. */
  ratio: string | null | undefined;
  /** Frame size, e.g. `size-14` or `w-full aspect-[5/4]`: it must not depend on the content. */
  className?: string;
  /** Shown when there is no picture. */
  fallback?: ReactNode;
  testId?: string;
  loading?: 'lazy' | 'eager';
}

/**
 * A skill's or template's picture in a fixed frame, letterboxed so it keeps the recipe's aspect
 * ratio; a blurred copy of itself fills the bars. Decorative: the name next to it carries the meaning.
 */
export function RecipeThumb({ src, ratio, className, fallback, testId, loading = 'lazy' }: RecipeThumbProps) {
  const r = ratioValue(ratio);
  // The frame is a size container: the picture is as wide as the frame allows at its own ratio.
  const inner: CSSProperties = { aspectRatio: r, width: `min(100cqw, ${(r * 100).toFixed(3)}cqh)` };
  return (
    <span
      className={cn(
        'relative grid shrink-0 place-items-center overflow-hidden bg-slate-100 [container-type:size]',
        className,
      )}
    >
      {src ? (
        <>
          {/* Template samples are URLs of any host (skills' are SVGs of the site): next/image would need each host configured and cannot resize SVGs. */}
          {/* eslint-disable no-restricted-syntax -- the empty alts are no text: the pictures are decorative (the name beside them carries the meaning) */}
          {/* eslint-disable-next-line @next/next/no-img-element -- samples of any host, see above */}
          <img
            src={src}
            alt=""
            aria-hidden="true"
            loading={loading}
            decoding="async"
            className="absolute inset-0 size-full scale-125 object-cover opacity-60 blur-lg"
          />
          <span className="relative block overflow-hidden shadow-sm ring-1 ring-black/5" style={inner}>
            {/* eslint-disable-next-line @next/next/no-img-element -- samples of any host, see above */}
            <img
              src={src}
              alt=""
              loading={loading}
              decoding="async"
              data-testid={testId}
              className="size-full object-cover"
            />
          </span>
          {/* eslint-enable no-restricted-syntax */}
        </>
      ) : (
        (fallback ?? <ImageIcon className="size-1/3 max-h-8 max-w-8 text-slate-300" />)
      )}
    </span>
  );
}
