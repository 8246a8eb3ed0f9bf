import { describe, expect, it } from 'vitest';
import { chatSnippets } from './snippets';

describe('chatSnippets', () => {
  it('fills the base URL and the routing model, with the key as a placeholder', () => {
    const s = chatSnippets('https://studio.example.com/');
    expect(s.curl).toContain('https://studio.example.com/api/chat/completions');
    expect(s.curl).toContain('$STUDIO_API_KEY');
    expect(s.js).toContain("baseURL: 'https://studio.example.com/api'");
    expect(s.js).toContain('process.env.STUDIO_API_KEY');
    expect(s.js).toContain('stream: true');
    expect(s.python).toContain('os.environ["STUDIO_API_KEY"]');
    for (const code of Object.values(s)) expect(code).toContain('studio-auto');
  });
});
