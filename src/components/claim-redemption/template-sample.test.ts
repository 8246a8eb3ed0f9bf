import { describe, expect, it } from 'vitest';
import { firstSample } from './template-sample';

describe('the sample a claim page shows for a template', () => {
  it('is the first address that can be an image', () => {
    expect(firstSample(['https://cdn.example.com/a.png', '/files/b.png'])).toBe('https://cdn.example.com/a.png');
    expect(firstSample(['', '  ', '/files/t/b.png'])).toBe('/files/t/b.png');
    expect(firstSample([' http://cdn.example.com/c.jpg '])).toBe('http://cdn.example.com/c.jpg');
  });

  it('is none for a template without samples, or with only blank or unusable ones (so no box is drawn)', () => {
    expect(firstSample([])).toBeNull();
    expect(firstSample(['', '   '])).toBeNull();
    expect(firstSample(['javascript:alert(1)', '//evil.example/x.png', 'not an address'])).toBeNull();
  });
});
