import { describe, expect, it } from 'vitest';
import { loginPathFor, nextFromUrl, safeNext } from './return-path';

describe('safeNext', () => {
  it('keeps paths on this site, with their query', () => {
    expect(safeNext('/jobs/3f2a')).toBe('/jobs/3f2a');
    expect(safeNext('/usage?days=7#top')).toBe('/usage?days=7#top');
    expect(safeNext('/')).toBe('/');
  });

  it('writes characters a Location header cannot carry percent-encoded', () => {
    expect(safeNext('/jobs/模板?q=桂花')).toBe('/jobs/%E6%A8%A1%E6%9D%BF?q=%E6%A1%82%E8%8A%B1');
    expect(safeNext('/usage?days=7')).toBe('/usage?days=7');
  });

  it.each([
    '//evil.example/x',
    '/\\evil.example',
    '/\t/evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    'jobs/3f2a',
    '',
    ' /jobs',
    '/login',
    '/login?next=/x',
    'http:/evil.example',
  ])('refuses %j', (next) => {
    expect(safeNext(next)).toBeNull();
  });

  it('refuses what is not text', () => {
    expect(safeNext(null)).toBeNull();
    expect(safeNext(undefined)).toBeNull();
  });
});

describe('loginPathFor and nextFromUrl', () => {
  it('round-trips a path through the sign-in address', () => {
    const login = loginPathFor('/jobs/3f2a?tab=1');
    expect(login).toBe('/login?next=%2Fjobs%2F3f2a%3Ftab%3D1');
    expect(nextFromUrl(`http://localhost:3000${login}`, '/overview')).toBe('/jobs/3f2a?tab=1');
  });

  it('falls back for a missing or unsafe next', () => {
    expect(loginPathFor('//evil.example')).toBe('/login');
    expect(loginPathFor('/')).toBe('/login');
    expect(loginPathFor('/overview')).toBe('/login');
    expect(nextFromUrl('http://localhost:3000/login?next=//evil.example', '/overview')).toBe('/overview');
    expect(nextFromUrl('http://localhost:3000/login', '/overview')).toBe('/overview');
    expect(nextFromUrl(null, '/overview')).toBe('/overview');
  });
});
