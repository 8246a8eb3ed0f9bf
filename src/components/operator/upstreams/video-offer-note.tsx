'use client';

import { useTranslations } from 'next-intl';
import { checkVideoModel } from '@/contracts/video-offers/check';
import { offeredSeconds, type VideoModelOffer } from '@/contracts/video-offers';
import type { AdapterKind } from '@/contracts/upstreams';
import { modelOf, type ModelDraft } from './upstream-form';

/** What the model offers, in the operator's words, one line per fact. */
function useOfferLines() {
  const t = useTranslations('operatorUpstreams.offer');
  return (offer: VideoModelOffer): string[] => {
    const list = (xs: readonly (string | number)[]) => xs.join(' / ');
    const lines = [
      t('durations', { list: list(offeredSeconds(offer.durations)) }),
      t('resolutions', {
        list: list(offer.resolutions.map((r) => (r.provider === r.studio ? r.studio : `${r.studio} (${r.provider})`))),
      }),
      ...Object.entries(offer.resolutionDurations ?? {}).map(([resolution, s]) =>
        t('resolutionDurations', { resolution, list: list(s) }),
      ),
    ];
    if (offer.ratios.length > 0) lines.push(t('ratios', { list: list(offer.ratios) }));
    lines.push(offer.textToVideo ? t('textToVideo') : t('imageOnly'));
    if (offer.firstFrame) lines.push(t('firstFrame'));
    if (offer.lastFrame.length > 0) lines.push(t('lastFrame', { list: list(offer.lastFrame) }));
    if (offer.referenceImages > 0) lines.push(t('referenceImages', { count: offer.referenceImages }));
    if (offer.referenceVideo) lines.push(t('referenceVideo'));
    if (offer.referenceAudio) lines.push(t('referenceAudio'));
    if (offer.sound !== 'none') lines.push(t(offer.sound === 'always' ? 'soundAlways' : 'soundOptional'));
    return lines;
  };
}

/** Beside a video model added by hand: its offer from the catalogue, and what the entry asks that it does not offer. */
export function VideoOfferNote({ adapter, draft }: { adapter: AdapterKind; draft: ModelDraft }) {
  const t = useTranslations('operatorUpstreams.offer');
  const lines = useOfferLines();
  const model = draft.model.trim();
  if (!draft.media.includes('video') || model === '') return null;
  const entry = modelOf(draft);
  const check = checkVideoModel(adapter, { ...entry, capabilities: entry.capabilities ?? {} });
  if (check.unchecked)
    return (
      <p
        className="rounded-md bg-amber-50 p-3 text-xs text-amber-900 ring-1 ring-amber-200"
        data-testid="video-offer-unchecked"
      >
        {t('unchecked', { model })}
      </p>
    );
  if (!check.offer) return null;
  return (
    <div className="space-y-2 rounded-md bg-white p-3 text-xs ring-1 ring-slate-200" data-testid="video-offer">
      <p className="font-medium text-slate-800">{t('title', { model: check.offer.model })}</p>
      <p className="text-slate-600">{lines(check.offer).join(' · ')}</p>
      {check.problems.length > 0 && (
        <div role="alert" className="space-y-1 text-rose-700" data-testid="video-offer-problems">
          <p className="font-medium">{t('problemsTitle')}</p>
          <ul className="list-disc space-y-0.5 pl-5">
            {check.problems.map((p) => (
              <li key={`${p.path.join('.')}/${p.code}`} data-field={p.path.join('.')}>
                {t(`problems.${p.code}`, p.params)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
