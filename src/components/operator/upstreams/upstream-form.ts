import { z } from 'zod';
import { CHANNEL_PRESETS, presetsOf, type ChannelPreset } from '@/contracts/presets';
import {
  ADAPTER_MEDIA,
  adapterKinds,
  mediaKinds,
  type AdapterKind,
  type Media,
  type UpstreamModel,
} from '@/contracts/upstreams';
import type { useTranslations } from 'next-intl';
import type { RouterInputs } from '@/trpc/react';
import type { Upstream } from './upstreams';
import { capabilitiesDraftOf, capabilitiesOf, type CapabilitiesDraft } from './capability-fields';

export type UpstreamUpsertInput = RouterInputs['admin']['upstreamUpsert'];
export const ADAPTERS = adapterKinds;
/** The preset choice that starts from empty fields with any protocol. */
export const CUSTOM = 'custom';
/** The base URL choice that lets the operator type one. */
export const OTHER = 'other';

type Errors = ReturnType<typeof useTranslations<'operatorUpstreams.errors'>>;

/**
 * What the form holds: text as typed; the models as the known ones ticked (indexes into
 * `knownModelsOf`) and the ones added field by field. Only what the browser can tell is checked here
 * (filled in, a number); the server checks the rest by field.
 */
export function channelFormSchema(errors: Errors) {
  return z.object({
    preset: z.string(),
    name: z.string().trim().min(1, errors('required')),
    provider: z.string().trim().min(1, errors('required')),
    adapter: z.enum(ADAPTERS),
    base_choice: z.string(),
    base_url: z.string().trim().min(1, errors('required')),
    api_key: z.string(),
    soft_timeout_ms: z.string().regex(/^\d+$/, errors('number')),
    enabled: z.boolean(),
    known: z.array(z.string()),
    drafts: z.array(
      z.object({
        family: z.string(),
        model: z.string(),
        media: z.array(z.enum(mediaKinds)),
        cost_usd: z
          .string()
          .trim()
          .regex(/^(\d+(\.\d*)?|\.\d+)?$/, errors('decimal')),
        caps: z.record(z.string(), z.unknown()),
      }),
    ),
  });
}

export type UpstreamFormValues = z.input<ReturnType<typeof channelFormSchema>>;
export type ModelDraft = UpstreamFormValues['drafts'][number];

/** JSON with keys in order, so two models that say the same compare equal. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}

export const presetById = (id: string): ChannelPreset | undefined => CHANNEL_PRESETS.find((p) => p.id === id);

/** The models offered as ticks: the preset's, or on an edit every preset's of the channel's protocol. */
export function knownModelsOf(presetId: string, adapter: AdapterKind, editing: boolean): UpstreamModel[] {
  const preset = presetById(presetId);
  if (preset) return preset.models;
  if (!editing) return [];
  const seen = new Set<string>();
  return presetsOf(adapter)
    .flatMap((p) => p.models)
    .filter((m) => {
      const key = JSON.stringify([m.family, m.model]);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

export function emptyDraft(adapter: AdapterKind): ModelDraft {
  const media: Media[] = [ADAPTER_MEDIA[adapter][0]];
  return { family: '', model: '', media, cost_usd: '', caps: capabilitiesDraftOf() };
}

export function draftOf(m: UpstreamModel): ModelDraft {
  return {
    family: m.family,
    model: m.model,
    media: [...m.media],
    cost_usd: String(m.cost_usd),
    caps: capabilitiesDraftOf(m.capabilities),
  };
}

/** The fields a preset fills in: its protocol, provider and default address; no models ticked yet. */
export function presetValues(id: string, current: UpstreamFormValues): UpstreamFormValues {
  const preset = presetById(id);
  if (!preset)
    return { ...current, preset: CUSTOM, provider: '', base_choice: OTHER, base_url: '', known: [], drafts: [] };
  const first = preset.baseUrls[0];
  return {
    ...current,
    preset: id,
    adapter: preset.adapter,
    provider: preset.provider,
    base_choice: first?.url ?? OTHER,
    base_url: first?.url ?? '',
    known: [],
    drafts: [],
  };
}

export function emptyUpstreamValues(): UpstreamFormValues {
  const blank: UpstreamFormValues = {
    preset: CUSTOM,
    name: '',
    provider: '',
    adapter: 'openai-chat',
    base_choice: OTHER,
    base_url: '',
    api_key: '',
    soft_timeout_ms: '60000',
    enabled: true,
    known: [],
    drafts: [],
  };
  const first = CHANNEL_PRESETS[0];
  return first ? presetValues(first.id, blank) : blank;
}

/** An existing channel: its models that are exactly a known one are ticked, the others shown field by field. */
export function channelValuesOf(u: Upstream): UpstreamFormValues {
  const adapter = (ADAPTERS as readonly string[]).includes(u.adapter) ? (u.adapter as AdapterKind) : 'openai-chat';
  const known = knownModelsOf(CUSTOM, adapter, true);
  const ticked: string[] = [];
  const drafts: ModelDraft[] = [];
  for (const m of u.models) {
    const i = known.findIndex((k) => canonical(k) === canonical(m));
    if (i >= 0) ticked.push(String(i));
    else drafts.push(draftOf(m as UpstreamModel));
  }
  return {
    preset: CUSTOM,
    name: u.name,
    provider: u.provider,
    adapter,
    base_choice: OTHER,
    base_url: u.base_url,
    api_key: '',
    soft_timeout_ms: String(u.soft_timeout_ms),
    enabled: u.enabled,
    known: ticked,
    drafts,
  };
}

/** A model added field by field, in the upsert's shape: blanks are left for the server to name. */
export function modelOf(d: ModelDraft): UpstreamUpsertInput['models'][number] {
  return {
    family: d.family.trim(),
    model: d.model.trim(),
    media: d.media,
    cost_usd: d.cost_usd.trim() === '' ? 0 : Number(d.cost_usd),
    capabilities: capabilitiesOf(d.caps as CapabilitiesDraft, d.media),
  };
}

/** The action body from the form: the ticked known models first, then the ones added; an empty key keeps the stored one. */
export function channelBodyOf(v: UpstreamFormValues, known: readonly UpstreamModel[]): UpstreamUpsertInput {
  const ticked = v.known.flatMap((i) => known[Number(i)] ?? []);
  return {
    name: v.name.trim(),
    provider: v.provider.trim(),
    adapter: v.adapter,
    base_url: v.base_url.trim(),
    ...(v.api_key.trim() ? { api_key: v.api_key.trim() } : {}),
    soft_timeout_ms: Number(v.soft_timeout_ms),
    enabled: v.enabled,
    models: [...ticked, ...v.drafts.map(modelOf)],
  };
}
