import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import en from '../../../messages/en.json';
import zh from '../../../messages/zh-CN.json';
import {
  AUTO_TIER,
  autoTierId,
  estimateCredits,
  clampDuration,
  durationBounds,
  effectiveTier,
  imageCounts,
  keptResolution,
  referenceSlots,
  templateDefaults,
  videoDefaults,
  videoFieldName,
  videoSchema,
  type VideoTemplateRow,
  type VideoTier,
  type VideoValues,
} from './video-form';
import { rangeText, stateName } from './video-model';
import { autoRuleText, imageRole, imagesSummary, videoNotes } from './video-notes';
import { tierName } from '@/components/tiers/tier-names';

const words = createTranslator({ locale: 'en', messages: en, namespace: 'videos.form' });
const enName = (id: string) => tierName(en.tiers, id);
const zhName = (id: string) => tierName(zh.tiers, id);

const tier = (id: string, max: number, resolutions: string[], extra: Partial<VideoTier> = {}): VideoTier => ({
  id,
  duration: { min: 4, max },
  durations: Array.from({ length: max - 3 }, (_, i) => i + 4),
  resolutions,
  first_frame: true,
  last_frame: false,
  reference_images: false,
  reference_video: false,
  reference_audio: false,
  generate_audio: false,
  ...extra,
});

const pro20 = tier('videomodel-2-0-pro', 15, ['480p'], { last_frame: true });
const mini = tier('videomodel-2-0-mini', 15, ['480p', '720p'], { reference_images: true });
const pro25 = tier('videomodel-2-5-pro', 30, ['720p', '1080p'], {
  last_frame: true,
  reference_images: true,
  reference_video: true,
  reference_audio: true,
  generate_audio: true,
});
const tiers = [pro20, mini, pro25];

const story: VideoTemplateRow = {
  id: '0e0b6f6c-0000-4000-8000-000000000009',
  slug: 'product-spin',
  zh_name: '商品旋转展示',
  active: true,
  locked: false,
  fields: [
    { key: 'product', label: '商品名称' },
    { key: 'mood', label: '氛围', required: false, default: '明亮' },
  ],
  generation_configs: [{ ratio: '9:16' }, { duration: 8 }],
};

const IMG = (n: number) => `https://studio.example/files/t/${n}.png`;
const values = (over: Partial<VideoValues>): VideoValues => ({ ...videoDefaults(tiers), ...over });
const parse = (over: Partial<VideoValues>) =>
  videoSchema(
    words,
    [story],
    tiers,
    createTranslator({ locale: 'en', messages: en, namespace: 'fields.errors' }),
  ).safeParse(values(over));
const problems = (over: Partial<VideoValues>) =>
  (parse(over).error?.issues ?? []).map((i) => ({ path: i.path.join('.'), message: i.message }));

describe('tier bounds', () => {
  it('bounds the duration control by the chosen tier', () => {
    expect(durationBounds(effectiveTier(tiers, 'videomodel-2-0-pro'))).toEqual({ min: 4, max: 15 });
    expect(durationBounds(effectiveTier(tiers, 'videomodel-2-5-pro'))).toEqual({ min: 4, max: 30 });
  });

  it('bounds automatic by what any tier can do', () => {
    const auto = effectiveTier(tiers, AUTO_TIER);
    expect(durationBounds(auto)).toEqual({ min: 4, max: 30 });
    expect(auto?.resolutions).toEqual(['480p', '720p', '1080p']);
  });

  it('has no bounds but the contract’s before the tiers load', () => {
    expect(durationBounds(effectiveTier([], AUTO_TIER))).toEqual({ min: 1, max: 600 });
  });

  it('moves a duration inside a new tier’s range, leaving empty text alone', () => {
    expect(clampDuration('25', { min: 4, max: 15 })).toBe('15');
    expect(clampDuration('2', { min: 4, max: 15 })).toBe('4');
    expect(clampDuration('8', { min: 4, max: 15 })).toBe('8');
    expect(clampDuration('', { min: 4, max: 15 })).toBe('');
  });

  it('keeps a resolution the new tier offers, else takes its first', () => {
    expect(keptResolution(pro25, '720p')).toBe('720p');
    expect(keptResolution(pro20, '720p')).toBe('480p');
  });
});

describe('reference slots', () => {
  it('counts images by role: first frame, first and last, references', () => {
    expect(imageCounts(tier('first-only', 10, ['480p']))).toEqual([1]);
    expect(imageCounts(pro20)).toEqual([1, 2]);
    expect(imageCounts(mini)).toEqual([1, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('allows reference video, audio and sound only where the tier does', () => {
    expect(referenceSlots(pro20)).toEqual({ images: 2, videos: 0, audios: 0, generateAudio: false });
    expect(referenceSlots(mini)).toEqual({ images: 9, videos: 0, audios: 0, generateAudio: false });
    expect(referenceSlots(pro25)).toEqual({ images: 9, videos: 3, audios: 3, generateAudio: true });
    expect(referenceSlots(effectiveTier([pro20, mini], AUTO_TIER)).videos).toBe(0);
  });

  it('labels images by what they become', () => {
    expect(imageRole(words, 0, 1)).toBe('First frame');
    expect(imageRole(words, 1, 2)).toBe('Last frame');
    expect(imageRole(words, 2, 5)).toBe('Reference 3');
  });
});

describe('notes', () => {
  const base = { model: 'videomodel-2-0-pro', duration: '5', resolution: '480p', images: [], videos: [], audios: [] };

  it('says nothing while the values fit the tier', () => {
    expect(videoNotes(words, enName, tiers, base)).toEqual({
      duration: null,
      resolution: null,
      images: null,
      videos: null,
      audios: null,
    });
  });

  it('names the tier’s duration range when the duration is outside it', () => {
    expect(videoNotes(words, enName, tiers, { ...base, duration: '20' }).duration).toBe(
      'videomodel-2-0-pro makes videos of 4–15 seconds.',
    );
    expect(videoNotes(words, enName, tiers, { ...base, model: AUTO_TIER, duration: '40' }).duration).toBe(
      'The available tiers make videos of 4–30 seconds.',
    );
  });

  it('warns about image counts, resolutions and references the tier does not take', () => {
    const notes = videoNotes(words, enName, tiers, {
      ...base,
      resolution: '1080p',
      images: [IMG(1), IMG(2), IMG(3)],
      videos: [IMG(4)],
    });
    expect(notes.resolution).toBe('videomodel-2-0-pro does not render 1080p.');
    expect(notes.images).toBe('videomodel-2-0-pro takes 1 image (first frame), 2 (first and last frames).');
    expect(notes.videos).toBe('videomodel-2-0-pro does not take reference videos.');
    expect(
      videoNotes(words, enName, tiers, { ...base, model: 'videomodel-2-0-mini', images: [IMG(1), IMG(2)] }).images,
    ).toBe('videomodel-2-0-mini takes 1 image (first frame), 3–9 (references).');
  });
});

describe('automatic tier and references', () => {
  it('checks references against the tier the rule picks, not against any tier', () => {
    const v = { model: AUTO_TIER, duration: '5', resolution: '480p', images: [], videos: [IMG(1)], audios: [] };
    expect(videoNotes(words, enName, tiers, v).videos).toBeNull();
    expect(videoNotes(words, enName, tiers, v, pro20).videos).toBe(
      'videomodel-2-0-pro (the automatic choice for this duration and resolution) does not take reference videos.',
    );
    expect(videoNotes(words, enName, tiers, v, pro25).videos).toBeNull();
  });
});

describe('videoSchema', () => {
  it('builds a text-to-video request, leaving the tier out for automatic', () => {
    expect(parse({ prompt: '  雨后的霓虹街道，镜头缓慢推进 ' }).data).toEqual({
      prompt: '雨后的霓虹街道，镜头缓慢推进',
      ratio: '16:9',
      duration: 5,
      resolution: '480p',
    });
  });

  it('sends the chosen tier, images in click order, references and sound', () => {
    const body = parse({
      prompt: 'a cat',
      model: 'videomodel-2-5-pro',
      duration: '12',
      resolution: '1080p',
      ratio: '9:16',
      images: [IMG(2), IMG(1)],
      videos: [IMG(3)],
      audios: [IMG(4)],
      generate_audio: true,
    }).data;
    expect(body).toEqual({
      prompt: 'a cat',
      model: 'videomodel-2-5-pro',
      ratio: '9:16',
      duration: 12,
      resolution: '1080p',
      images: [IMG(2), IMG(1)],
      videos: [IMG(3)],
      audios: [IMG(4)],
      generate_audio: true,
    });
  });

  it('drops the sound switch for a tier without audio', () => {
    expect(parse({ prompt: 'a cat', model: 'videomodel-2-0-pro', generate_audio: true }).data).not.toHaveProperty(
      'generate_audio',
    );
  });

  it('leaves an out-of-range duration for the server to judge', () => {
    expect(parse({ prompt: 'a cat', model: 'videomodel-2-0-pro', duration: '20' }).data?.duration).toBe(20);
  });

  it('asks for a prompt, a template and whole seconds', () => {
    expect(problems({ prompt: '   ' })).toEqual([{ path: 'prompt', message: 'Describe the video you want first.' }]);
    expect(problems({ source: 'template' })).toEqual([{ path: 'template', message: 'Choose a template first.' }]);
    expect(problems({ prompt: 'a cat', duration: '4.5' })).toEqual([
      { path: 'duration', message: 'Enter the duration in whole seconds.' },
    ]);
  });

  it('puts the contract’s refusals under their inputs', () => {
    expect(problems({ prompt: 'a cat', duration: '900' })).toEqual([
      { path: 'duration', message: 'A video lasts 1 to 600 seconds.' },
    ]);
    const tooMany = Array.from({ length: 10 }, (_, i) => IMG(i));
    expect(problems({ prompt: 'a cat', images: tooMany })).toEqual([{ path: 'images', message: 'At most 9 images' }]);
  });

  it('sends a template by id with its fields, checked like the server does', () => {
    expect(problems({ source: 'template', template: 'product-spin' })).toEqual([
      { path: 'drafts.video:product-spin.values.product', message: '“商品名称” is required.' },
    ]);
    const body = parse({
      source: 'template',
      template: 'product-spin',
      drafts: { 'video:product-spin': { values: { product: ' 保温杯 ', mood: '' } } },
    }).data;
    expect(body).toEqual({
      template_id: story.id,
      input: { product: '保温杯' },
      ratio: '16:9',
      duration: 5,
      resolution: '480p',
    });
  });
});

describe('where problems show', () => {
  it('maps request paths to inputs', () => {
    expect(videoFieldName(['duration'], 'prompt', null)).toBe('duration');
    expect(videoFieldName(['images', 2], 'prompt', null)).toBe('images');
    expect(videoFieldName(['prompt'], 'template', story)).toBeNull();
    expect(videoFieldName(['input', 'product'], 'template', story)).toBe('drafts.video:product-spin.values.product');
    expect(videoFieldName(['callback_url'], 'prompt', null)).toBeNull();
  });

  it('takes a template’s own ratio and duration', () => {
    expect(templateDefaults(story)).toEqual({ ratio: '9:16', duration: 8 });
    expect(templateDefaults({ generation_configs: [] })).toEqual({});
  });
});

describe('estimate', () => {
  const offered = [
    pro20,
    tier('videomodel-2-0-fast-260801', 15, ['480p', '720p']),
    { ...pro25, id: 'videomodel-2-5-pro-260801' },
  ];

  it('follows the automatic rule: long or 1080p to 2.5 pro, else the default tier', () => {
    expect(autoTierId(offered, 'videomodel-2-0-fast-260801', 5, '720p')).toBe('videomodel-2-0-fast-260801');
    expect(autoTierId(offered, 'videomodel-2-0-fast-260801', 20, '720p')).toBe('videomodel-2-5-pro-260801');
    expect(autoTierId(offered, 'videomodel-2-0-fast-260801', 5, '1080p')).toBe('videomodel-2-5-pro-260801');
    // H3 is not offered here: the first tier that fits.
    expect(autoTierId(offered, 'videomodel-2-0-fast-260801', 5, '2K')).toBe('videomodel-2-0-pro');
  });

  it('prices a video per second of its tier', () => {
    const prices = { 'videomodel-2-0-fast-260801': 2, default: 4 };
    expect(estimateCredits(prices, 'videomodel-2-0-fast-260801', 5)).toBe(10);
    expect(estimateCredits(prices, 'videomodel-H3', 5)).toBe(20);
    expect(estimateCredits(null, 'videomodel-H3', 5)).toBeNull();
    expect(estimateCredits(prices, 'videomodel-H3', 0)).toBeNull();
  });
});

describe('words', () => {
  const chinese = createTranslator({ locale: 'zh-CN', messages: zh, namespace: 'videos.form' });
  const states = createTranslator({ locale: 'zh-CN', messages: zh, namespace: 'videos.states' });

  it('refuses and warns in the words it is given', () => {
    const refused = videoSchema(
      chinese,
      [story],
      tiers,
      createTranslator({ locale: 'zh-CN', messages: zh, namespace: 'fields.errors' }),
    ).safeParse(values({ prompt: ' ' }));
    expect(refused.error?.issues.map((i) => i.message)).toEqual(['请先描述你想要的视频。']);
    expect(
      videoNotes(chinese, zhName, tiers, {
        model: 'videomodel-2-0-pro',
        duration: '20',
        resolution: '480p',
        images: [],
        videos: [],
        audios: [],
      }).duration,
    ).toBe('videomodel-2-0-pro 可生成 4–15 秒的视频。');
    expect(imageRole(chinese, 3, 5)).toBe('参考图 4');
    expect(imagesSummary(words, 4)).toBe(
      '4 images guide the look (subjects, style); the video does not start or end on them.',
    );
  });

  it('names tiers by their names, not their ids', () => {
    const named = tier('videomodel-2-0-pro-260801', 15, ['480p']);
    const v = { model: named.id, duration: '20', resolution: '480p', images: [], videos: [], audios: [] };
    expect(videoNotes(words, enName, [named], v).duration).toBe('Video 2.0 Pro makes videos of 4–15 seconds.');
    expect(videoNotes(chinese, zhName, [named], v).duration).toBe('视频 2.0 专业版 可生成 4–15 秒的视频。');
    expect(autoRuleText(words, enName, 'videomodel-2-0-fast-260801')).toBe(
      'Studio picks the tier from the duration and resolution: longer than 15 seconds or 1080p goes to Video 2.5 Pro, ' +
        '768p or 2K to Video H3 HD, anything else to Video 2.0 Fast.',
    );
    expect(autoRuleText(chinese, zhName, 'videomodel-2-0-mini-260801')).toContain('视频 2.0 轻量版');
  });

  it('names the default tier in the automatic rule, or says there is one', () => {
    expect(autoRuleText(words, enName, 'videomodel-2-0-fast')).toMatch(/anything else to videomodel-2-0-fast\.$/);
    expect(autoRuleText(chinese, zhName, null)).toMatch(/其余使用默认档位。$/);
  });

  it('shows a task state in the page’s language, and an unknown one as it comes', () => {
    expect(stateName('running', states)).toBe('生成中');
    expect(stateName('paused', states)).toBe('paused');
  });

  it('says which tasks a page shows', () => {
    const range = {
      none: 'No tasks',
      range: (s: { first: number; last: number; total: number }) => `${s.first}–${s.last} of ${s.total}`,
    };
    expect(rangeText(2, 10, 10, 34, range)).toBe('11–20 of 34');
    expect(rangeText(1, 10, 0, 0, range)).toBe('No tasks');
  });
});
