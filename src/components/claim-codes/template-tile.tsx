import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { LockIcon } from '@/components/icons';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/components/ui/cn';
import { SampleImage } from '@/components/templates/sample-image';
import type { Template } from './model';

interface TemplateTileProps {
  template: Template;
  checked: boolean;
  onToggle: (on: boolean) => void;
}

/** One template to pick: its sample, name and badges; the tenant's own say they become gated once picked. */
export function TemplateTile({ template: t, checked, onToggle }: TemplateTileProps) {
  // `t` is the template here; the tile's words are `say`.
  const say = useTranslations('claimCodes.tile');
  const nameId = useId();
  const metaId = useId();
  const willGate = checked && t.source === 'mine' && !t.gated;
  return (
    <label
      data-testid="template-option"
      data-slug={t.slug}
      className={cn(
        'flex w-full min-w-0 cursor-pointer items-start gap-3 rounded-xl bg-white p-2.5 shadow-xs ring-1 ' +
          'ring-slate-200/80 transition-colors hover:ring-slate-300',
        'has-checked:bg-indigo-50/70 has-checked:ring-2 has-checked:ring-indigo-500',
        'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600',
      )}
    >
      <SampleImage
        src={t.sample_images[0]}
        name={t.zh_name}
        kind={t.type}
        small
        className="size-14 shrink-0 rounded-lg ring-1 ring-slate-200/70"
      />
      <span className="min-w-0 flex-1">
        <span
          id={nameId}
          className="line-clamp-2 text-sm leading-snug font-medium break-words text-slate-900"
          title={t.zh_name}
        >
          {t.zh_name}
        </span>
        <span id={metaId} className="mt-1.5 flex flex-wrap items-center gap-1">
          {t.source === 'mine' ? <Badge tone="indigo">{say('mine')}</Badge> : <Badge>{say('platform')}</Badge>}
          <Badge tone={t.type === 'image' ? 'sky' : 'emerald'}>
            {t.type === 'image' ? say('image') : t.format ? say(`format.${t.format}`) : say('article')}
          </Badge>
          {t.gated && <GateBadge>{say('gated')}</GateBadge>}
          {willGate && <GateBadge>{say('willGate')}</GateBadge>}
        </span>
      </span>
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onToggle(e.target.checked)}
        aria-labelledby={nameId}
        aria-describedby={metaId}
        className="mt-0.5 size-4 shrink-0 cursor-pointer accent-indigo-600 focus:outline-none"
      />
    </label>
  );
}

function GateBadge({ children }: { children: string }) {
  return (
    <Badge tone="amber" className="gap-1">
      <LockIcon className="size-3" />
      {children}
    </Badge>
  );
}
