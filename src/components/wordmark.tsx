import { cn } from './ui/cn';

/** The Studio logo: a gradient tile with a spark, and the name. */
export function Wordmark({ className, size = 'md' }: { className?: string; size?: 'md' | 'lg' }) {
  const tile = size === 'lg' ? 'size-10 rounded-xl' : 'size-8 rounded-lg';
  const glyph = size === 'lg' ? 'size-6' : 'size-5';
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <span
        className={cn(
          'grid place-items-center bg-linear-to-br from-indigo-500 via-indigo-600 to-violet-600 text-white shadow-sm shadow-indigo-600/30',
          tile,
        )}
        aria-hidden="true"
      >
        <svg viewBox="0 0 24 24" fill="currentColor" className={glyph}>
          <path d="M12 2.5c.5 4.6 2.9 7 7.5 7.5v.1c-4.6.5-7 2.9-7.5 7.5h-.1c-.5-4.6-2.9-7-7.4-7.5V10c4.5-.5 6.9-2.9 7.4-7.5Z" />
          <path
            d="M18.5 15.5c.2 1.9 1.2 2.9 3 3-1.8.2-2.8 1.2-3 3-.2-1.8-1.2-2.8-3-3 1.8-.1 2.8-1.1 3-3Z"
            opacity=".8"
          />
        </svg>
      </span>
      <span className={cn('font-semibold tracking-tight text-slate-900', size === 'lg' ? 'text-2xl' : 'text-lg')}>
        Studio
      </span>
    </span>
  );
}
