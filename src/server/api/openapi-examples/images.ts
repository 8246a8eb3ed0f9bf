import { AUTO_MODEL } from '@/contracts/chat';
import { NOW, PHOTO_URL, POSTER_TEMPLATE, resultUrl, SHOT_URL } from './common';
import type { OperationExample } from './types';

/** Two jobs the Images API examples made: the poster template's image, and an edit of the product photo. */
const POSTER_JOB = '5c0e9a7d-8b31-4f2a-a9d4-6e1b27c3f804';
const EDIT_JOB = 'b7d2c4e9-1a6f-4e38-9c05-3f8a2d71e6b0';

export const imagesExamples: Record<string, OperationExample> = {
  'POST /images/generations': {
    body: {
      model: `template:${POSTER_TEMPLATE.slug}`,
      prompt: '桂花乌龙茶',
      input: { slogan: '秋季限定' },
      size: '1024x1536',
      response_format: 'url',
    },
    response: {
      created: Date.parse(NOW) / 1000,
      data: [{ url: resultUrl(POSTER_JOB, 'png') }],
      output_format: 'png',
      quality: 'high',
      studio: { job_ids: [POSTER_JOB], batch_id: null, credits: 4 },
    },
  },
  'POST /images/edits': {
    form: {
      model: AUTO_MODEL,
      prompt: '把背景换成秋日的茶园，保留茶罐不变',
      image: '@oolong-tea.png',
      size: '1024x1024',
      response_format: 'url',
    },
    body: {
      model: AUTO_MODEL,
      prompt: '把背景换成秋日的茶园，保留茶罐不变',
      images: [{ image_url: PHOTO_URL }, { image_url: SHOT_URL }],
      response_format: 'url',
    },
    response: {
      created: Date.parse(NOW) / 1000,
      data: [{ url: resultUrl(EDIT_JOB, 'png') }],
      output_format: 'png',
      quality: 'high',
      studio: { job_ids: [EDIT_JOB], batch_id: null, credits: 4 },
    },
  },
};
