import { describe, expect, it } from 'vitest';
import { CHANNEL_PRESETS } from '@/contracts/presets';
import { upstreamUpsertSchema, type UpstreamModel } from '@/contracts/upstreams';
import { checkVideoModel, orList } from './check';
import { VIDEO_OFFERS, videoOfferOf } from './index';

const video = (model: string, capabilities: UpstreamModel['capabilities']) => ({
  family: 'videomodel-2-0-fast-260801',
  model,
  media: ['video' as const],
  capabilities,
});

const problemsOf = (adapter: Parameters<typeof checkVideoModel>[0], m: ReturnType<typeof video>) =>
  checkVideoModel(adapter, m).problems.map((p) => [p.path.join('.'), p.message]);

describe('the video catalogue', () => {
  it('has a file for each video protocol, every model under its own id', () => {
    expect(Object.keys(VIDEO_OFFERS).sort()).toEqual([
      'ark-video',
      'dashscope-video',
      'fal-queue',
      'gemini-veo',
      'kling',
      'minimax-video',
      'replicate',
    ]);
    for (const offers of Object.values(VIDEO_OFFERS))
      for (const [id, offer] of Object.entries(offers?.models ?? {})) expect(offer.model).toBe(id);
  });

  it('gives MiniMax’s resolutions in both namings and its 1080P at 6 seconds only', () => {
    const offer = videoOfferOf('minimax-video', 'MiniMax-Hailuo-02');
    expect(offer?.resolutions).toContainEqual({ studio: '768p', provider: '768P' });
    expect(offer?.resolutionDurations).toEqual({ '1080p': [6] });
    expect(offer?.lastFrame).toEqual(['768p', '1080p']);
  });
});

describe('every video preset', () => {
  for (const preset of CHANNEL_PRESETS.filter((p) => VIDEO_OFFERS[p.adapter])) {
    it(`${preset.id}: every tier is what its model offers, and the channel is accepted`, () => {
      // fal and Replicate carry image models too: those are not the video catalogue's.
      for (const m of preset.models.filter((x) => x.media.includes('video'))) {
        const check = checkVideoModel(preset.adapter, m);
        expect(check.offer, m.model).not.toBeNull();
        expect(check.problems, m.model).toEqual([]);
      }
      const parsed = upstreamUpsertSchema.safeParse({
        name: 'video-channel',
        provider: preset.provider,
        adapter: preset.adapter,
        base_url: preset.baseUrls[0]?.url,
        api_key: 'access:secret',
        models: preset.models,
      });
      expect(parsed.error?.issues).toBeUndefined();
    });
  }
});

describe('fal and Replicate video models', () => {
  it('refuse a channel asking a fal model for seconds, resolutions or frames it does not make', () => {
    const wan = 'fal-ai/wan/v2.2-a14b/text-to-video';
    expect(problemsOf('fal-queue', video(wan, { duration: { min: 4, max: 12 }, resolutions: ['1080p'] }))).toEqual([
      ['capabilities.duration', `${wan} makes 1, 2, 3, 4, 5, 6, 7, 8, 9 or 10 seconds, not 11 or 12`],
      ['capabilities.resolutions', `${wan} makes 480p, 580p or 720p, not 1080p`],
    ]);
    const veo = video('fal-ai/veo3/fast', { duration: { min: 8, max: 8 }, first_frame: true, last_frame: true });
    expect(problemsOf('fal-queue', veo)).toEqual([['capabilities.last_frame', 'fal-ai/veo3/fast takes no last frame']]);
    const kling = video('fal-ai/kling-video/v2.5-turbo/pro/text-to-video', {
      duration: { min: 5, max: 5 },
      generate_audio: true,
    });
    expect(problemsOf('fal-queue', kling)).toEqual([
      ['capabilities.generate_audio', 'fal-ai/kling-video/v2.5-turbo/pro/text-to-video makes no soundtrack'],
    ]);
  });

  it('refuse a Replicate model asked for what its schema lacks, by owner/name with or without a version', () => {
    const wan = video('wan-video/wan-2.2-t2v-fast:0123abcd', { duration: { min: 5, max: 8 }, resolutions: ['1080p'] });
    expect(problemsOf('replicate', wan)).toEqual([
      ['capabilities.duration', 'wan-video/wan-2.2-t2v-fast makes 5, 6 or 7 seconds, not 8'],
      ['capabilities.resolutions', 'wan-video/wan-2.2-t2v-fast makes 480p or 720p, not 1080p'],
    ]);
    const kling = video('kwaivgi/kling-v2.5-turbo-pro', {
      duration: { min: 5, max: 10 },
      durations: [5, 10],
      last_frame: true,
    });
    expect(problemsOf('replicate', kling)).toEqual([
      ['capabilities.last_frame', 'kwaivgi/kling-v2.5-turbo-pro takes no last frame'],
    ]);
    expect(
      checkVideoModel('replicate', video('someone/new-video-model', { duration: { min: 5, max: 5 } })),
    ).toMatchObject({
      unchecked: true,
      problems: [],
    });
  });

  it('are refused by the channel schema as for the other protocols', () => {
    const parsed = upstreamUpsertSchema.safeParse({
      name: 'fal-video',
      provider: 'fal',
      adapter: 'fal-queue',
      base_url: 'https://queue.fal.run',
      api_key: 'k',
      models: [video('fal-ai/bytedance/seedance/v1/pro/text-to-video', { duration: { min: 4, max: 15 } })],
    });
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      [
        'models.0.capabilities.duration',
        'fal-ai/bytedance/seedance/v1/pro/text-to-video makes 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 or 12 seconds, not 13, 14 or 15',
      ],
    ]);
  });
});

describe('checkVideoModel', () => {
  it('names a duration Kling does not make, in the list or in a range', () => {
    expect(problemsOf('kling', video('kling-v1-6', { duration: { min: 5, max: 10 }, durations: [5, 8] }))).toEqual([
      ['capabilities.durations', 'kling-v1-6 makes 5 or 10 seconds, not 8'],
    ]);
    expect(problemsOf('kling', video('kling-v1-6', { duration: { min: 5, max: 10 } }))).toEqual([
      ['capabilities.duration', 'kling-v1-6 makes 5 or 10 seconds, not 6, 7, 8 or 9'],
    ]);
  });

  it('names a resolution the model does not have, and takes the provider’s word for one it has', () => {
    expect(
      problemsOf(
        'minimax-video',
        video('MiniMax-Hailuo-2.3', { duration: { min: 6, max: 6 }, resolutions: ['768P', '480p'] }),
      ),
    ).toEqual([['capabilities.resolutions', 'MiniMax-Hailuo-2.3 makes 768p or 1080p, not 480p']]);
  });

  it('names a last frame the model cannot take, or not at the tier’s resolutions', () => {
    const noTail = video('veo-3.0-fast-generate-001', {
      duration: { min: 4, max: 8 },
      durations: [4, 6, 8],
      last_frame: true,
    });
    expect(problemsOf('gemini-veo', noTail)).toEqual([
      ['capabilities.last_frame', 'veo-3.0-fast-generate-001 takes no last frame'],
    ]);
    const stdOnly = video('kling-v1-6', {
      duration: { min: 5, max: 10 },
      durations: [5, 10],
      resolutions: ['720p'],
      last_frame: true,
    });
    expect(problemsOf('kling', stdOnly)).toEqual([
      ['capabilities.last_frame', 'kling-v1-6 takes a last frame at 1080p only, and this tier serves 720p'],
    ]);
  });

  it('names a model that makes no video from text, references and sound it does not have', () => {
    expect(
      problemsOf(
        'kling',
        video('kling-v2-1', {
          duration: { min: 5, max: 5 },
          reference_images: true,
          reference_video: true,
          reference_audio: true,
          generate_audio: true,
        }),
      ),
    ).toEqual([
      ['model', 'kling-v2-1 makes no video from text alone, and a tier is asked for text-only videos'],
      ['capabilities.reference_images', 'kling-v2-1 takes no reference images'],
      ['capabilities.reference_video', 'kling-v2-1 takes no reference video'],
      ['capabilities.reference_audio', 'kling-v2-1 takes no reference audio'],
      ['capabilities.generate_audio', 'kling-v2-1 makes no soundtrack'],
    ]);
    expect(
      problemsOf(
        'ark-video',
        video('doubao-seedance-2-0-260128', {
          duration: { min: 4, max: 15 },
          reference_images: true,
          max_reference_images: 12,
        }),
      ),
    ).toEqual([
      ['capabilities.max_reference_images', 'doubao-seedance-2-0-260128 takes at most 9 reference images, not 12'],
    ]);
  });

  it('lets a model the catalogue does not know pass, flagged as unchecked', () => {
    const check = checkVideoModel('kling', video('kling-v9-future', { duration: { min: 1, max: 60 } }));
    expect(check).toEqual({ offer: null, unchecked: true, problems: [] });
    // BytePlus's names of the same Seedance models are known too.
    expect(
      checkVideoModel('ark-video', video('seedance-1-0-pro-250528', { duration: { min: 2, max: 12 } })).unchecked,
    ).toBe(false);
  });

  it('answers the upsert with the field path and the sentence', () => {
    const parsed = upstreamUpsertSchema.safeParse({
      name: 'kling-sg',
      provider: 'Kling AI',
      adapter: 'kling',
      base_url: 'https://api-singapore.klingai.com',
      api_key: 'access:secret',
      models: [video('kling-v1-6', { duration: { min: 5, max: 10 }, durations: [5, 8] })],
    });
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['models.0.capabilities.durations', 'kling-v1-6 makes 5 or 10 seconds, not 8'],
    ]);
  });

  it('writes lists as a sentence does', () => {
    expect([orList([5]), orList([5, 10]), orList([4, 6, 8])]).toEqual(['5', '5 or 10', '4, 6 or 8']);
  });
});
