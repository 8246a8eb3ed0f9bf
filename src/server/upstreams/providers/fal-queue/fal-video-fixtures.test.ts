import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { falError } from './fal-answer';
import { falQueueVideo, stateOfVideoOutput } from './fal-video';

/** fal's documented video output and error bodies (tests/fixtures/fal-queue/README.md names each source) through the video side. */
const dir = join(process.cwd(), 'tests/fixtures/fal-queue');
const fixture = <T>(name: string) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as T;

describe('documented fal answers through the video side', () => {
  it('reads the video URL of a documented output; an output without a video is bad output', () => {
    expect(stateOfVideoOutput('h', fixture('video-result.json'))).toMatchObject({
      id: 'h',
      status: 'succeeded',
      videoUrl: expect.stringMatching(/^https:\/\/v3b\.fal\.media\/files\/.+\.mp4$/),
      duration: null,
    });
    expect(stateOfVideoOutput('h', { video: { url: 'https://x/v.mp4', duration: 5.04 } }).duration).toBe(5.04);
    expect(() => stateOfVideoOutput('h', { images: [] })).toThrow(
      expect.objectContaining({ errorClass: 'bad_output' }),
    );
  });

  it('classifies a failed request’s code as the error body would be, whatever the status', () => {
    const errors = fixture<{ source: string; status: number; body: unknown; class: string }[]>('errors.json');
    for (const e of errors) {
      const err = falError(e.status, e.body);
      // The code a failed video request records: fal's type, else the status.
      const code = err.code ?? `http_${e.status}`;
      expect(falQueueVideo.failureClass(code), e.source).toBe(e.class);
    }
    expect(falQueueVideo.failureClass('extra_forbidden')).toBe('bad_request');
    expect(falQueueVideo.failureClass('http_502')).toBe('server_error');
  });
});
