import { describe, expect, it } from 'vitest';
import { jobKind, jobTitle } from './job-model';

const words = (key: 'conversionTitle' | 'untitled') =>
  ({ conversionTitle: 'Image to template', untitled: 'Untitled job' })[key];

describe('how a job is named', () => {
  it('names a conversion by what it is, since it has no prompt', () => {
    expect(jobKind({ kind: 'template' })).toBe('template');
    expect(jobTitle({ kind: 'template', prompt: '' }, words)).toBe('Image to template');
  });

  it('keeps image and video jobs as they were', () => {
    expect(jobKind({ kind: 'video' })).toBe('video');
    expect(jobKind({ kind: 'image' })).toBe('image');
    expect(jobTitle({ kind: 'image', prompt: '一只猫' }, words)).toBe('一只猫');
    expect(jobTitle({ kind: 'image', prompt: '' }, words)).toBe('Untitled job');
  });
});
