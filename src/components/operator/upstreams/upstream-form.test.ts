import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import en from '../../../../messages/en.json';
import { CHANNEL_PRESETS } from '@/contracts/presets';
import { upstreamUpsertSchema, type UpstreamModel } from '@/contracts/upstreams';
import {
  capabilitiesDraftOf,
  capabilitiesOf,
  capabilityFieldsFor,
  capabilityWords,
  CAPABILITY_FIELDS,
} from './capability-fields';
import {
  channelBodyOf,
  channelValuesOf,
  CUSTOM,
  draftOf,
  emptyDraft,
  emptyUpstreamValues,
  knownModelsOf,
  OTHER,
  presetValues,
  type UpstreamFormValues,
} from './upstream-form';
import type { Upstream } from './upstreams';
import { formPathOf } from './use-upstream-form';

const t = createTranslator({ locale: 'en', messages: en, namespace: 'operatorUpstreams' });
const allModels = CHANNEL_PRESETS.flatMap((p) => p.models);

describe('capability fields', () => {
  it('reads every capability of the schema with its kind', () => {
    const kinds = Object.fromEntries(CAPABILITY_FIELDS.map((f) => [f.key, f.kind]));
    expect(kinds).toMatchObject({
      reference_images: 'flag',
      max_reference_images: 'number',
      qualities: 'choices',
      sizes: 'sizes',
      duration: 'range',
      resolutions: 'choices',
      reasoning: 'flag',
    });
    const qualities = CAPABILITY_FIELDS.find((f) => f.key === 'qualities');
    expect(qualities).toEqual({ key: 'qualities', kind: 'choices', options: ['low', 'medium', 'high'], open: false });
    const resolutions = CAPABILITY_FIELDS.find((f) => f.key === 'resolutions');
    expect(resolutions).toMatchObject({ open: true, options: expect.arrayContaining(['720p', '1080p']) as unknown });
  });

  it('offers only the fields of the media chosen', () => {
    const chat = capabilityFieldsFor(['chat']).map((f) => f.key);
    expect(chat).toEqual(['vision', 'streaming', 'json_mode', 'tools', 'reasoning']);
    expect(capabilityFieldsFor(['video']).map((f) => f.key)).toContain('duration');
    expect(capabilityFieldsFor(['video']).map((f) => f.key)).not.toContain('sizes');
  });

  it.each(allModels.map((m) => [m.model, m] as const))('%s goes through the fields unchanged', (_id, m) => {
    expect(capabilitiesOf(capabilitiesDraftOf(m.capabilities), m.media)).toEqual(m.capabilities);
  });

  it('reads durations per resolution as typed, and writes them back the same way', () => {
    const draft = capabilitiesDraftOf({ resolution_durations: { '1080p': [8] } });
    expect(draft.resolution_durations).toBe('1080p: 8');
    draft.resolution_durations = ' 1080p: 8 ;720p: 4, 6,8; ';
    expect(capabilitiesOf(draft, ['video']).resolution_durations).toEqual({ '1080p': [8], '720p': [4, 6, 8] });
    draft.resolution_durations = '';
    expect(capabilitiesOf(draft, ['video'])).not.toHaveProperty('resolution_durations');
  });

  it('sends what was typed: lists split, blanks left out, a rule by its bounds', () => {
    const draft = capabilitiesDraftOf();
    draft.sizes = { mode: 'list', list: '1024x1024,  1536x1024 ', rule: {} };
    draft.max_reference_images = '4';
    draft.mask = false;
    draft.duration = { min: '4', max: '' };
    expect(capabilitiesOf(draft, ['image'])).toEqual({
      sizes: ['1024x1024', '1536x1024'],
      max_reference_images: 4,
      mask: false,
    });
    draft.sizes = { mode: 'rule', list: '', rule: { multiple_of: '16', max_side: '3840', min_side: '' } };
    expect(capabilitiesOf(draft, ['image']).sizes).toEqual({ multiple_of: 16, max_side: 3840 });
    // A half-filled range goes to the server, which names what is missing.
    expect(capabilitiesOf(draft, ['video']).duration).toEqual({ min: 4, max: undefined });
  });

  it('says capabilities in words', () => {
    const words = capabilityWords(
      {
        reference_images: true,
        mask: false,
        qualities: ['low', 'high'],
        duration: { min: 4, max: 15 },
        sizes: { max_side: 2048 },
      },
      {
        label: (k) => t(`capabilities.${k}` as 'capabilities.mask'),
        seconds: (min, max) => t('form.seconds', { min, max }),
        rule: (k) => t(`sizeRule.${k}` as 'sizeRule.max_side'),
      },
    );
    expect(words).toEqual([
      'Reference images',
      'Qualities: low, high',
      'Duration: 4–15 s',
      'Sizes: Longest side (px) 2048',
    ]);
  });
});

const filled = (v: UpstreamFormValues): UpstreamFormValues => ({ ...v, name: 'img-east-1', api_key: 'k' });

describe('the channel form', () => {
  it('starts from a preset: its protocol, provider and default address', () => {
    const v = emptyUpstreamValues();
    const first = CHANNEL_PRESETS[0];
    expect(v.preset).toBe(first?.id);
    expect(v.adapter).toBe(first?.adapter);
    expect(v.base_url).toBe(first?.baseUrls[0]?.url);
    expect(v.base_choice).toBe(first?.baseUrls[0]?.url);
    const custom = presetValues(CUSTOM, v);
    expect(custom).toMatchObject({
      preset: CUSTOM,
      provider: '',
      base_url: '',
      base_choice: OTHER,
      known: [],
      drafts: [],
    });
  });

  it('a preset with two known models ticked and one added by hand is a valid channel', () => {
    const ark = presetValues('ark-video', emptyUpstreamValues());
    const known = knownModelsOf('ark-video', 'ark-video', false);
    const own = { ...emptyDraft('ark-video'), family: 'house-tier', model: 'house-model', cost_usd: '0.05' };
    own.caps.duration = { min: '4', max: '10' };
    own.caps.first_frame = true;
    const body = channelBodyOf(filled({ ...ark, known: ['1', '0'], drafts: [own] }), known);
    expect(body.models.map((m) => m.model)).toEqual([known[1]?.model, known[0]?.model, 'house-model']);
    expect(body.models[2]).toEqual({
      family: 'house-tier',
      model: 'house-model',
      media: ['video'],
      cost_usd: 0.05,
      capabilities: { duration: { min: 4, max: 10 }, first_frame: true },
    });
    expect(upstreamUpsertSchema.safeParse(body).error?.issues ?? []).toEqual([]);
  });

  it('an edited channel ticks the models that are exactly known and shows the others field by field', () => {
    const preset = CHANNEL_PRESETS.find((p) => p.id === 'openai-images');
    const [known, changed] = preset?.models ?? [];
    if (!known || !changed) throw new Error('the openai-images preset has two models');
    const other: UpstreamModel = { ...changed, cost_usd: 9 };
    const u = {
      name: 'img',
      provider: 'p',
      adapter: 'openai-images',
      base_url: 'https://x',
      soft_timeout_ms: 1000,
      enabled: true,
      models: [known, other],
    } as unknown as Upstream;
    const v = channelValuesOf(u);
    expect(v.known).toHaveLength(1);
    expect(v.drafts).toEqual([draftOf(other)]);
    const body = channelBodyOf(v, knownModelsOf(CUSTOM, 'openai-images', true));
    expect(body.models).toEqual([known, other]);
    expect(body).not.toHaveProperty('api_key');
  });
});

describe('server refusals land on their field', () => {
  const where = { knownCount: 2, typedAddress: false };
  it.each([
    [['models', 0, 'model'], 'known'],
    [['models', 2, 'family'], 'drafts.0.family'],
    [['models', 3, 'media', 1], 'drafts.1.media'],
    [['models', 3, 'capabilities', 'duration'], 'drafts.1.caps.duration'],
    [['models'], 'drafts'],
    [['base_url'], 'base_choice'],
    [['name'], 'name'],
    [['nothing'], null],
  ] as const)('%j → %s', (path, field) => {
    expect(formPathOf([...path], where)).toBe(field);
  });
  it('a typed address keeps its own field', () => {
    expect(formPathOf(['base_url'], { knownCount: 0, typedAddress: true })).toBe('base_url');
  });
});
