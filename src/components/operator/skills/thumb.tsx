import { useTranslations } from 'next-intl';
import { cn } from '@/components/ui/cn';

/** A small preview of a skill's thumbnail; nothing is requested until the address looks complete. */
export function Thumb({
  src,
  size = 'md',
  alt = '',
  className,
}: {
  src: string;
  size?: 'sm' | 'md';
  alt?: string;
  className?: string;
}) {
  const t = useTranslations('operator.skills.table');
  const url = src.trim();
  const ok = url.startsWith('/') ? url.length > 1 : /^https?:\/\/[^\s/]+\/\S+$/.test(url);
  return (
    <span
      className={cn(
        'grid shrink-0 place-items-center overflow-hidden rounded-lg bg-slate-100 ring-1 ring-slate-200',
        size === 'sm' ? 'size-11' : 'size-16',
        className,
      )}
    >
      {ok ? (
        // Thumbnails are site paths or addresses of any origin the operator typed in; next/image would need each host configured.
        // eslint-disable-next-line @next/next/no-img-element
        <img src={url} alt={alt} className="size-full object-cover" loading="lazy" />
      ) : (
        <span aria-hidden="true" className="text-[10px] text-slate-400">
          {t('noThumb')}
        </span>
      )}
    </span>
  );
}
