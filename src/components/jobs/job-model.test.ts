import { describe, expect, it } from 'vitest';
import { jobKindLabel, jobTitle } from './job-model';

describe('how a job is named', () => {
  it('names a conversion by what it is, since it has no prompt', () => {
    expect(jobKindLabel({ kind: 'template' })).toBe('Image to template job');
    expect(jobTitle({ kind: 'template', prompt: '' })).toBe('Image to template');
  });

  it('keeps image and video jobs as they were', () => {
    expect(jobKindLabel({ kind: 'video' })).toBe('Video job');
    expect(jobKindLabel({ kind: 'image' })).toBe('Image job');
    expect(jobTitle({ kind: 'image', prompt: '一只猫' })).toBe('一只猫');
    expect(jobTitle({ kind: 'image', prompt: '' })).toBe('Untitled job');
  });
});
