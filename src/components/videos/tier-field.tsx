'use client';

import { useId } from 'react';
import { CheckIcon, CloseIcon } from '../icons';
import { cn } from '../ui/cn';
import { Label } from '../ui/label';
import { Select } from '../ui/select';
import { AUTO_TIER, VIDEO_FORM_TEXT, type VideoTier } from './video-form';

const TEXT = {
  label: 'Tier',
  loading: 'Loading tiers…',
  auto: 'Automatic: Studio chooses',
  none: 'No video tiers are available to this workspace.',
  failed: 'The tiers could not be loaded:',
  option: (t: VideoTier) => `${t.id} · ${seconds(t.duration)} · ${t.resolutions.join(', ')}`,
  details: (t: VideoTier) => `${seconds(t.duration)} · ${t.resolutions.join(', ')}`,
  caps: {
    first_frame: 'First frame',
    last_frame: 'Last frame',
    reference_images: 'Reference images',
    reference_video: 'Reference video',
    reference_audio: 'Reference audio',
    generate_audio: 'Sound',
  },
  supported: ': supported',
  unsupported: ': not supported',
};

const CAPS = ['first_frame', 'last_frame', 'reference_images', 'reference_video', 'reference_audio', 'generate_audio'] as const;

const seconds = (d: VideoTier['duration']) => `${d.min}–${d.max} s`;

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
  const id = useId();
  const hintId = `${id}-hint`;
  const problemId = `${id}-problem`;
  const chosen = tiers.find((t) => t.id === value);
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{TEXT.label}</Label>
      <Select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={loading && tiers.length === 0}
        aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
        aria-invalid={problem ? true : undefined}
      >
        <option value={AUTO_TIER}>{loading && tiers.length === 0 ? TEXT.loading : TEXT.auto}</option>
        {tiers.map((t) => (
          <option key={t.id} value={t.id}>
            {TEXT.option(t)}
          </option>
        ))}
      </Select>
      <div id={hintId} className="pt-0.5 text-xs text-slate-500" data-testid="tier-details">
        {error ? (
          <span className="text-rose-600">
            {TEXT.failed} {error.message}
          </span>
        ) : !loading && tiers.length === 0 ? (
          TEXT.none
        ) : chosen ? (
          <>
            <span className="block font-medium text-slate-700">{TEXT.details(chosen)}</span>
            <span className="mt-1.5 flex flex-wrap gap-1.5">
              {CAPS.map((c) => (
                <Capability key={c} ok={chosen[c]} label={TEXT.caps[c]} />
              ))}
            </span>
          </>
        ) : (
          VIDEO_FORM_TEXT.autoRule(defaultTier)
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

function Capability({ ok, label }: { ok: boolean; label: string }) {
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
      <span className="sr-only">{ok ? TEXT.supported : TEXT.unsupported}</span>
    </span>
  );
}
