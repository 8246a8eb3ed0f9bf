'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { CheckIcon, CloseIcon } from '@/components/icons';
import { cn } from '@/components/ui/cn';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { AUTO_TIER, type VideoTier } from './video-form';
import { resolutionLabel } from './resolution-label';
import { autoRuleText } from './video-notes';
import { useTierName } from '@/components/tiers/tier-names';

const CAPS = [
  'first_frame',
  'last_frame',
  'reference_images',
  'reference_video',
  'reference_audio',
  'generate_audio',
] as const;

interface TierFieldProps {
  tiers: VideoTier[];
  value: string;
  onChange: (id: string) => void;
  loading: boolean;
  error: { message: string } | null;
  /** The server refused the tier. */
  problem?: string | undefined;
  /** The tier the automatic choice falls back to. */
  defaultTier: string | null;
}

/** The tier choice: each tier with its duration range and resolutions, and what the chosen one takes. */
export function TierField({ tiers, value, onChange, loading, error, problem, defaultTier }: TierFieldProps) {
  const t = useTranslations('videos.tier');
  const formWords = useTranslations('videos.form');
  const tierName = useTierName();
  const id = useId();
  const hintId = `${id}-hint`;
  const problemId = `${id}-problem`;
  const chosen = tiers.find((t) => t.id === value);
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{t('label')}</Label>
      <Select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={loading && tiers.length === 0}
        aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
        aria-invalid={problem ? true : undefined}
      >
        <option value={AUTO_TIER}>{loading && tiers.length === 0 ? t('loading') : t('auto')}</option>
        {tiers.map((tier) => (
          <option key={tier.id} value={tier.id}>
            {t('option', { tier: tierName(tier.id), ...tierSpan(tier) })}
          </option>
        ))}
      </Select>
      <div id={hintId} className="pt-0.5 text-xs text-slate-500" data-testid="tier-details">
        {error ? (
          <span className="text-rose-600">{t('failed', { message: error.message })}</span>
        ) : !loading && tiers.length === 0 ? (
          t('none')
        ) : chosen ? (
          <>
            <span className="block font-medium text-slate-700">
              {t('details', tierSpan(chosen))}{' '}
              <code className="font-mono text-[11px] font-normal text-slate-500" title={t('apiId')}>
                {chosen.id}
              </code>
            </span>
            <span className="mt-1.5 flex flex-wrap gap-1.5">
              {CAPS.map((c) => (
                <Capability key={c} ok={chosen[c]} label={t(`caps.${c}`)} />
              ))}
            </span>
          </>
        ) : (
          autoRuleText(formWords, tierName, defaultTier)
        )}
      </div>
      {problem && (
        <p id={problemId} className="text-xs text-rose-600">
          {problem}
        </p>
      )}
    </div>
  );
}

/** A tier's duration range and resolutions, as its option and details say them. */
const tierSpan = (tier: VideoTier) => ({
  min: tier.duration.min,
  max: tier.duration.max,
  resolutions: tier.resolutions.map(resolutionLabel).join(', '),
});

function Capability({ ok, label }: { ok: boolean; label: string }) {
  const t = useTranslations('videos.tier');
  const Icon = ok ? CheckIcon : CloseIcon;
  return (
    <span
      className={cn(
        'inline-flex h-6 items-center gap-1 rounded-full px-2 text-xs',
        ok ? 'bg-emerald-50 text-emerald-700' : 'bg-slate-100 text-slate-500 line-through decoration-slate-400/60',
      )}
    >
      <Icon className="size-3" />
      {label}
      <span className="sr-only">{ok ? t('supported') : t('unsupported')}</span>
    </span>
  );
}
